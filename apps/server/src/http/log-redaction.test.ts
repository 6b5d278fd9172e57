import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors/domain-error.js';
import { errorForLog } from './log-redaction.js';

const personal = ['player@example.com', '2014-05-01', 'Ada Lovelace'];
function failedInsert() {
  const pg = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
    code: '23505',
    detail: 'Key (email)=(player@example.com) already exists.',
    constraint: 'users_email_key',
    table: 'users',
  });
  return new DrizzleQueryError(
    'insert into users (email, birth_date, name) values ($1, $2, $3)',
    personal,
    pg,
  );
}

describe('error logs carry no SQL parameters', () => {
  it('keeps the SQL, the SQLSTATE and the constraint, drops parameters and detail', () => {
    const logged = JSON.stringify(errorForLog(failedInsert()));
    for (const value of personal) expect(logged).not.toContain(value);
    expect(logged).toContain('insert into users');
    expect(logged).toContain('23505');
    expect(logged).toContain('users_email_key');
  });

  it('also when a domain error wraps the failed query', () => {
    const wrapped = new DomainError('CONFLICT', 'Already registered', { cause: failedInsert() });
    const logged = JSON.stringify(errorForLog(wrapped));
    for (const value of personal) expect(logged).not.toContain(value);
    expect(logged).toContain('CONFLICT');
  });

  it('leaves other errors as they are', () => {
    const error = new DomainError('NOT_FOUND', 'No event');
    expect(errorForLog(error)).toBe(error);
  });
});

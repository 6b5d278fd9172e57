import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/registration.json';
import { FIELD_ERROR_ENGLISH, validateProfile } from './profile-form';

describe('profile form', () => {
  it("says 'Field is required' for every empty field", () => {
    expect(validateProfile({ firstName: '', lastName: ' ', username: '', email: '' })).toEqual({
      firstName: 'required',
      lastName: 'required',
      username: 'required',
      email: 'required',
    });
    expect(en.fieldErrors.required).toBe('Field is required');
    expect(FIELD_ERROR_ENGLISH.required).toBe(en.fieldErrors.required);
  });

  it('checks the e-mail and the username length', () => {
    expect(validateProfile({ firstName: 'A', lastName: 'B', username: 'x', email: 'nope' })).toEqual({
      username: 'tooShort',
      email: 'invalidEmail',
    });
    expect(validateProfile({ firstName: 'A', lastName: 'B', username: 'xy', email: 'a@b.co' })).toEqual({});
  });
});

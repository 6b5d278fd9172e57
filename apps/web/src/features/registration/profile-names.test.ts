import { describe, expect, it } from 'vitest';
import { namesFromGameName } from './profile-pages';

describe('profile prefill from the game name', () => {
  it('takes the first and last name where the game name has both', () => {
    expect(namesFromGameName('Marcus Stone')).toEqual({ firstName: 'Marcus', lastName: 'Stone' });
    expect(namesFromGameName('  Ana  de la Cruz ')).toEqual({ firstName: 'Ana', lastName: 'de la Cruz' });
  });

  it('a one-word game name fills the first name only; no name fills nothing', () => {
    expect(namesFromGameName('xXSlayerXx')).toEqual({ firstName: 'xXSlayerXx', lastName: '' });
    expect(namesFromGameName(null)).toEqual({ firstName: '', lastName: '' });
  });
});

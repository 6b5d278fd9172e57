import type { IsoDateTime } from './common.js';

export interface UserProfile {
  id?: string;
  username: string | null;
  avatar?: { template: string | null };
}

export interface GameAccount {
  id?: string;
  username: string | null;
}

export interface User {
  id: string;
  firstName: string | null;
  lastName: string | null;
  /** Date only (`YYYY-MM-DD`) or full ISO. */
  dateOfBirth: string | null;
  username: string | null;
  email: string | null;
  profiles: UserProfile[];
  avatar?: { default: string | null };
  gameAccounts: GameAccount[];
  permissions: string[];
}

export interface EmailAddress {
  id: string;
  email: string;
  verified: boolean;
}

export interface PhoneNumber {
  id: string;
  number: string;
  createdAt: IsoDateTime;
  expiresAt: IsoDateTime | null;
}

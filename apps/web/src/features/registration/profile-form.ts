import { FIELD_REQUIRED_MESSAGE } from '@cwh/domain';

export type ProfileField = 'firstName' | 'lastName' | 'username' | 'email';
export const PROFILE_FIELDS: readonly ProfileField[] = ['firstName', 'lastName', 'username', 'email'];

export type FieldError = 'required' | 'invalidEmail' | 'tooShort';
/** English of 'required' is the spec's text (domain FIELD_REQUIRED_MESSAGE). */
export const FIELD_ERROR_ENGLISH: Record<FieldError, string> = {
  required: FIELD_REQUIRED_MESSAGE,
  invalidEmail: 'Enter a valid e-mail address',
  tooShort: 'Use at least 2 characters',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Instant checks of the profile form: required fields (spec 5), then the shapes the server insists on. */
export function validateProfile(
  values: Record<ProfileField, string>,
): Partial<Record<ProfileField, FieldError>> {
  const errors: Partial<Record<ProfileField, FieldError>> = {};
  for (const field of PROFILE_FIELDS) {
    if (values[field].trim() === '') errors[field] = 'required';
  }
  if (!errors.username && values.username.trim().length < 2) errors.username = 'tooShort';
  if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = 'invalidEmail';
  return errors;
}

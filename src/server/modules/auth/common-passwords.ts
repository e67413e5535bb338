import { badRequest } from '../../errors.js';

/**
 * The passwords people choose most, from the list @zxcvbn-ts/language-common ships (about 49,000,
 * drawn from leaked password sets, most common first). It is read on the first check, not at
 * start-up (about 40 ms), and never reaches the web app: only the server imports this file.
 */
let common: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return common;
}

/** Whether the password is on the list, whatever its letters' case and the spaces around it. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.trim().toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones and easy to guess. Choose another.';

/**
 * Refuses a common password for a new password (sign-up, reset, change) with 400 and the field
 * named, as the contract's own validation errors do.
 */
export async function refuseCommonPassword(password: string, field = 'password'): Promise<void> {
  if (await isCommonPassword(password)) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE }, 'common_password');
  }
}

/** The numbers of two-step sign-in. */
export const twoFactorPolicy = {
  /** What authenticator apps show beside the account. */
  issuer: 'Babe Construction Manager',
  /** TOTP as every authenticator app does it: SHA-1, 6 digits, 30-second steps. */
  period: 30,
  digits: 6,
  /** A code of the step before or after the current one is accepted too (clocks drift). */
  window: 1,
  /** Wrong codes allowed per user within one window, from all clients and servers together. */
  maxFailures: 5,
  failureWindowMs: 15 * 60_000,
  /** How long the second step of a sign-in may wait after the password (or Google) passed. */
  pendingMs: 5 * 60_000,
  recoveryCodeCount: 10,
} as const;

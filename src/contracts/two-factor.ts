import { z } from 'zod';

/** Two-step sign-in with an authenticator app (TOTP) and single-use recovery codes. */
export const twoFactorApi = {
  /** The signed-in user's two-step sign-in: on or off, required by the company, recovery codes left. */
  status: '/api/auth/two-factor',
  /** Starts setting it up: a new secret to scan or type into the authenticator app. */
  setup: '/api/auth/two-factor/setup',
  /** Turns it on with a first code from the app; answers the recovery codes, shown once. */
  confirm: '/api/auth/two-factor/confirm',
  disable: '/api/auth/two-factor/disable',
  recoveryCodes: '/api/auth/two-factor/recovery-codes',
  /** The second step of signing in: a code from the app, or a recovery code. */
  verify: '/api/auth/two-factor/verify',
  /** Whether the company requires it of every user (its owner and admins decide). */
  companyRequirement: '/api/companies/two-factor-requirement',
} as const;

/** The app's 6-digit code. */
export const totpCode = z
  .string({ message: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .regex(/^\d{6}$/, { message: 'Enter the 6-digit code from your authenticator app' });

/** A code from the app or a recovery code (xxxx-xxxx-xxxx-xxxx; case, spaces and dashes do not matter). */
export const secondFactorCode = z
  .string({ message: 'Enter a code' })
  .trim()
  .min(6, { message: 'Enter the 6-digit code or a recovery code' })
  .max(40, { message: 'That code is too long' });

/**
 * Proof that the person at the keyboard is the account's owner before its two-step sign-in changes:
 * the current password, or for an account without one (signed up with Google) a current code.
 */
export const reauthBody = z.object({
  password: z.string().min(1, 'Enter your current password').max(200).optional(),
  code: totpCode.optional(),
});
export type ReauthBody = z.infer<typeof reauthBody>;

export const twoFactorStatusDto = z.object({
  enabled: z.boolean(),
  /** The user's company requires it: it cannot be turned off, and nothing else works until it is on. */
  requiredByCompany: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** How to re-authenticate: with the password, or (no password) with a code. */
  hasPassword: z.boolean(),
});
export type TwoFactorStatusDto = z.infer<typeof twoFactorStatusDto>;

export const twoFactorSetupDto = z.object({
  /** Base32, as typed into an authenticator app by hand. */
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  otpauthUri: z.string(),
});
export type TwoFactorSetupDto = z.infer<typeof twoFactorSetupDto>;

export const twoFactorConfirmBody = z.object({ code: totpCode });
export type TwoFactorConfirmBody = z.infer<typeof twoFactorConfirmBody>;

export const recoveryCodesDto = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesDto = z.infer<typeof recoveryCodesDto>;

export const twoFactorVerifyBody = z.object({ code: secondFactorCode });
export type TwoFactorVerifyBody = z.infer<typeof twoFactorVerifyBody>;

/** Sign-in answer (202) when the password was right and a second step is needed. */
export const twoFactorChallengeDto = z.object({ twoFactorRequired: z.literal(true) });
export type TwoFactorChallengeDto = z.infer<typeof twoFactorChallengeDto>;

export const companyTwoFactorBody = z.object({ required: z.boolean() });
export type CompanyTwoFactorBody = z.infer<typeof companyTwoFactorBody>;
export const companyTwoFactorDto = z.object({ required: z.boolean() });
export type CompanyTwoFactorDto = z.infer<typeof companyTwoFactorDto>;

/** Error codes of two-step sign-in. */
export const TWO_FACTOR_SETUP_REQUIRED = 'two_factor_setup_required';

import { z } from 'zod';
import { password } from './auth.js';

export const passwordChangePath = '/api/account/password';

/** Changing the password of the signed-in user: the current one proves it is them. */
export const passwordChangeBody = z.object({
  currentPassword: z
    .string({ message: 'Enter your current password' })
    .min(1, { message: 'Enter your current password' })
    .max(200),
  newPassword: password,
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

/** The form asks for the new password twice. */
export const passwordChangeForm = passwordChangeBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type PasswordChangeForm = z.infer<typeof passwordChangeForm>;

export const passwordChangeDto = z.object({
  /** How many other sessions (browsers signed in) were ended. */
  endedSessions: z.number().int(),
});
export type PasswordChangeDto = z.infer<typeof passwordChangeDto>;

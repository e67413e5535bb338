import { z } from 'zod';
import { COMPANY_TYPES, SUBSCRIPTION_STATUSES, USER_ROLES } from './enums.js';
import { inviteToken } from './team.js';

// The messages the forms show for each refused field.
const email = z.email({ message: 'Please enter a valid email address' }).trim().max(254);
/** A new password's rules (sign-up, reset, change); the server also refuses the most common ones. */
export const password = z
  .string({ message: 'Password must be at least 8 characters' })
  .min(8, { message: 'Password must be at least 8 characters' })
  .max(200, { message: 'Password must be at most 200 characters' });
const firstName = z
  .string({ message: 'First name is required' })
  .trim()
  .min(1, { message: 'First name is required' })
  .max(100);
const lastName = z
  .string({ message: 'Last name is required' })
  .trim()
  .min(1, { message: 'Last name is required' })
  .max(100);

/** With `inviteToken` (from an invitation link), signing in or up also joins the inviting company. */
export const signinBody = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(200),
  inviteToken: inviteToken.optional(),
});
export type SigninBody = z.infer<typeof signinBody>;

/**
 * The sign-in form checks only that a password is given: an account made when shorter passwords
 * were allowed still signs in with its own.
 */
export const signinForm = z.object({ email, password: signinBody.shape.password });
export type SigninForm = z.infer<typeof signinForm>;

export const signupBody = z.object({
  email,
  password,
  firstName,
  lastName,
  inviteToken: inviteToken.optional(),
});
export type SignupBody = z.infer<typeof signupBody>;

export const signupForm = signupBody
  .extend({ confirmPassword: password })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type SignupForm = z.infer<typeof signupForm>;

export const profileBody = z.object({
  firstName,
  lastName,
  email: z.email({ message: 'Please enter a valid email' }).trim(),
});
export type ProfileBody = z.infer<typeof profileBody>;

export const passwordResetRequestBody = z.object({
  email: z.email({ message: 'Please enter a valid email' }).trim().max(254),
});
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBody>;

export const passwordResetConfirmBody = z.object({
  token: z.string().min(10, { message: 'The reset link is invalid' }).max(200),
  password,
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;

export const companySummaryDto = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  type: z.enum(COMPANY_TYPES),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  subscriptionPlan: z.string(),
  trialEndsAt: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  /**
   * The trial page has been through (a plan chosen, or a card customer made): signing in then goes to
   * the Portfolio instead of the trial page.
   */
  trialSetUp: z.boolean(),
  /** The company's default location: ISO country code and state or region. */
  country: z.string(),
  state: z.string().nullable(),
  /** Every user must sign in with a second step (an authenticator code). */
  twoFactorRequired: z.boolean(),
});
export type CompanySummaryDto = z.infer<typeof companySummaryDto>;

export const userDto = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    role: z.enum(USER_ROLES),
    companyId: z.number().int().nullable(),
    /** Whether this user may open the admin console (owner/admin role or listed in ADMIN_EMAILS). */
    isAdmin: z.boolean(),
    /** Signs in with a second step (an authenticator code or a recovery code). */
    twoFactorEnabled: z.boolean(),
    createdAt: z.string(),
    company: companySummaryDto.nullable(),
  })
  .meta({ id: 'User' });
export type UserDto = z.infer<typeof userDto>;

export const authConfigDto = z.object({ googleEnabled: z.boolean() });
export type AuthConfigDto = z.infer<typeof authConfigDto>;

export const testSessionDto = z.object({
  authenticated: z.boolean(),
  sessionId: z.string().nullable(),
  userId: z.string().nullable(),
  expires: z.string().nullable(),
});
export type TestSessionDto = z.infer<typeof testSessionDto>;

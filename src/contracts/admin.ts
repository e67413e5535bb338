import { z } from 'zod';
import { SUBSCRIPTION_STATUSES, USER_ROLES } from './enums.js';

export const adminUserDto = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  company: z.string().nullable(),
  createdAt: z.string(),
  stripeCustomer: z.object({ email: z.string() }).nullable(),
  stripeSubscription: z
    .object({ status: z.enum(SUBSCRIPTION_STATUSES), current_period_end: z.string().nullable() })
    .nullable(),
});
export type AdminUserDto = z.infer<typeof adminUserDto>;

export const adminUsersDto = z.object({
  users: z.array(adminUserDto),
  summary: z.object({
    totalUsers: z.number().int(),
    activeSubscriptions: z.number().int(),
    trialUsers: z.number().int(),
    cancelledUsers: z.number().int(),
    usersWithStripeCustomer: z.number().int(),
  }),
});
export type AdminUsersDto = z.infer<typeof adminUsersDto>;

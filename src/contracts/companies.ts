import { z } from 'zod';
import { COMPANY_TYPES, USER_ROLES } from './enums.js';

export const createCompanyBody = z.object({
  name: z
    .string({ message: 'Company name is required' })
    .trim()
    .min(1, { message: 'Company name is required' })
    .max(120, { message: 'Company name must be at most 120 characters' }),
  type: z.enum(COMPANY_TYPES, { message: 'Please select a company type' }),
});
export type CreateCompanyBody = z.infer<typeof createCompanyBody>;

export const companyPaths = { members: '/api/companies/members' } as const;

/** A member of the caller's company, as pickers (a task's assignee) list them. */
export const companyMemberDto = z
  .object({
    id: z.string(),
    /** First and last name, or the email when the member has no name. */
    name: z.string(),
    email: z.string(),
    role: z.enum(USER_ROLES),
  })
  .meta({ id: 'CompanyMember' });
export type CompanyMemberDto = z.infer<typeof companyMemberDto>;

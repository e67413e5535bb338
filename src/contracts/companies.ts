import { z } from 'zod';
import { COMPANY_TYPES, USER_ROLES } from './enums.js';
import { placeFields } from './location.js';

export const createCompanyBody = z.object({
  name: z
    .string({ message: 'Company name is required' })
    .trim()
    .min(1, { message: 'Company name is required' })
    .max(120, { message: 'Company name must be at most 120 characters' }),
  type: z.enum(COMPANY_TYPES, { message: 'Please select a company type' }),
});
export type CreateCompanyBody = z.infer<typeof createCompanyBody>;

export const companyPaths = {
  members: '/api/companies/members',
  /** The company's default location (its owner and admins change it). */
  location: '/api/companies/location',
} as const;

/**
 * The company's default location: the country and state or region its jobs are in unless a project
 * says otherwise (the schedule's weather allowance reads it).
 */
export const companyLocationBody = placeFields;
export type CompanyLocationBody = z.infer<typeof companyLocationBody>;
export type CompanyLocationInput = z.input<typeof companyLocationBody>;

export const companyLocationDto = z.object({ country: z.string(), state: z.string().nullable() });
export type CompanyLocationDto = z.infer<typeof companyLocationDto>;

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

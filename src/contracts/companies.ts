import { z } from 'zod';
import { COMPANY_TYPES } from './enums.js';

export const createCompanyBody = z.object({
  name: z
    .string({ message: 'Company name is required' })
    .trim()
    .min(1, { message: 'Company name is required' })
    .max(120, { message: 'Company name must be at most 120 characters' }),
  type: z.enum(COMPANY_TYPES, { message: 'Please select a company type' }),
});
export type CreateCompanyBody = z.infer<typeof createCompanyBody>;

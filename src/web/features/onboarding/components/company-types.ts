import type { CompanyType } from '@/contracts/enums';

/** How each company type (contracts/enums COMPANY_TYPES) reads in the onboarding select. */
export const COMPANY_TYPE_LABELS: Record<CompanyType, string> = {
  general: 'General Contractor',
  residential: 'Residential',
  commercial: 'Commercial',
  specialty: 'Specialty Trade',
};

/** Value sets shared by the database, the API and the web app. */
export const USER_ROLES = ['member', 'owner', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const COMPANY_TYPES = ['general', 'residential', 'commercial', 'specialty'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'cancelled', 'past_due'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PROJECT_TYPES = ['Commercial', 'Residential', 'Industrial', 'Infrastructure'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** `planning` is given to duplicated projects and is not offered in the edit form. */
export const PROJECT_STATUSES = ['active', 'on-hold', 'completed', 'at-risk', 'planning'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const TASK_STATUSES = [
  'not-started',
  'in-progress',
  'on-track',
  'behind',
  'blocked',
  'on-hold',
  'completed',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** What delayed a task, as a time-extension request names it. */
export const DELAY_CAUSES = ['weather', 'owner', 'material', 'inspection', 'labor', 'other'] as const;
export type DelayCause = (typeof DELAY_CAUSES)[number];

export const CONTACT_TYPES = ['client', 'subcontractor', 'vendor', 'architect'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export const INSIGHT_TYPES = ['risk', 'opportunity', 'recommendation'] as const;
export const INSIGHT_SEVERITIES = ['high', 'medium', 'low'] as const;

export const FEEDBACK_CATEGORIES = ['bug', 'feature_request', 'improvement', 'general'] as const;
export const FEEDBACK_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export const FEEDBACK_PRIORITIES = ['low', 'medium', 'high'] as const;

import { pgEnum } from 'drizzle-orm/pg-core';
import {
  COMPANY_TYPES,
  CONTACT_TYPES,
  DELAY_CAUSES,
  FEEDBACK_CATEGORIES,
  FEEDBACK_PRIORITIES,
  FEEDBACK_STATUSES,
  INSIGHT_SEVERITIES,
  INSIGHT_TYPES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  SUBSCRIPTION_STATUSES,
  TASK_STATUSES,
  USER_ROLES,
} from '../../../contracts/enums.js';

export const userRole = pgEnum('user_role', USER_ROLES);
export const companyType = pgEnum('company_type', COMPANY_TYPES);
export const subscriptionStatus = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const projectType = pgEnum('project_type', PROJECT_TYPES);
export const projectStatus = pgEnum('project_status', PROJECT_STATUSES);
export const taskStatus = pgEnum('task_status', TASK_STATUSES);
export const contactType = pgEnum('contact_type', CONTACT_TYPES);
export const insightType = pgEnum('insight_type', INSIGHT_TYPES);
export const insightSeverity = pgEnum('insight_severity', INSIGHT_SEVERITIES);
export const feedbackCategory = pgEnum('feedback_category', FEEDBACK_CATEGORIES);
export const feedbackStatus = pgEnum('feedback_status', FEEDBACK_STATUSES);
export const feedbackPriority = pgEnum('feedback_priority', FEEDBACK_PRIORITIES);
export const delayCause = pgEnum('delay_cause', DELAY_CAUSES);

import { z } from 'zod';
import { FEEDBACK_CATEGORIES, FEEDBACK_PRIORITIES, FEEDBACK_STATUSES } from './enums.js';

export const feedbackPaths = { list: '/api/feedback', item: '/api/feedback/:id' } as const;

export const SUBJECT_MAX = 200;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 2000;

/** Optional text fields arrive trimmed; blank counts as not given. */
const trimmedOrUndefined = (v: unknown) => (typeof v === 'string' ? v.trim() || undefined : v);

// The messages the form shows for each refused field.
export const submitFeedbackBody = z.object({
  /** Shown and sent only when signed out; a signed-in user's name comes from the session. */
  name: z.preprocess(
    trimmedOrUndefined,
    z.string().trim().max(100, { message: 'Name must be at most 100 characters' }).optional(),
  ),
  /** Shown and sent only when signed out (then required); a signed-in user's email comes from the session. */
  email: z.preprocess(
    trimmedOrUndefined,
    z.email({ message: 'Please enter a valid email address' }).trim().max(254).optional(),
  ),
  category: z.enum(FEEDBACK_CATEGORIES, { message: 'Please select a category' }),
  subject: z
    .string({ message: 'Subject is required' })
    .trim()
    .min(1, { message: 'Subject is required' })
    .max(SUBJECT_MAX, { message: 'Subject must be less than 200 characters' }),
  message: z
    .string({ message: 'Message must be at least 10 characters' })
    .trim()
    .min(MESSAGE_MIN, { message: 'Message must be at least 10 characters' })
    .max(MESSAGE_MAX, { message: 'Message must be less than 2000 characters' }),
});
export type SubmitFeedbackBody = z.infer<typeof submitFeedbackBody>;

export const feedbackDto = z
  .object({
    id: z.number().int(),
    companyId: z.number().int().nullable(),
    userId: z.string().nullable(),
    /** Null when not given; shown as "Anonymous". */
    userName: z.string().nullable(),
    userEmail: z.string(),
    category: z.enum(FEEDBACK_CATEGORIES),
    subject: z.string(),
    message: z.string(),
    status: z.enum(FEEDBACK_STATUSES),
    priority: z.enum(FEEDBACK_PRIORITIES),
    adminResponse: z.string().nullable(),
    adminUserId: z.string().nullable(),
    respondedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Feedback' });
export type FeedbackDto = z.infer<typeof feedbackDto>;

export const updateFeedbackBody = z
  .object({
    status: z
      .enum(FEEDBACK_STATUSES, { message: 'Status must be open, in_progress, resolved or closed' })
      .optional(),
    /** Trimmed; the admin console sends it only when not blank. */
    adminResponse: z
      .string({ message: 'Response must be text' })
      .trim()
      .min(1, { message: 'Response cannot be empty' })
      .max(MESSAGE_MAX, { message: 'Response must be less than 2000 characters' })
      .optional(),
  })
  .refine((v) => v.status !== undefined || v.adminResponse !== undefined, {
    message: 'Nothing to update: send a status or a response',
  });
export type UpdateFeedbackBody = z.infer<typeof updateFeedbackBody>;

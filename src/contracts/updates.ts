import { z } from 'zod';
import { dateInput, idNumber } from './common.js';

export const UPDATE_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type UpdatePriority = (typeof UPDATE_PRIORITIES)[number];

/** A task update (with `taskId`; its project is the task's) or a project update (`projectId` only). */
export const createUpdateBody = z
  .object({
    taskId: idNumber('taskId must be a task id').nullish(),
    projectId: idNumber('projectId must be a project id').nullish(),
    message: z
      .string({ message: 'Message is required' })
      .trim()
      .min(1, { message: 'Message is required' })
      .max(5000, { message: 'Message must be at most 5000 characters' }),
    priority: z
      .enum(UPDATE_PRIORITIES, { message: `Priority must be one of ${UPDATE_PRIORITIES.join(', ')}` })
      .default('normal'),
    isReminder: z.boolean().default(false),
    reminderDate: dateInput('Reminder date').nullish(),
  })
  .refine((v) => v.taskId != null || v.projectId != null, {
    message: 'Choose a task or a project',
    path: ['taskId'],
  })
  .refine((v) => !v.isReminder || v.reminderDate != null, {
    message: 'Choose when to be reminded',
    path: ['reminderDate'],
  });
export type CreateUpdateBody = z.infer<typeof createUpdateBody>;
export type CreateUpdateInput = z.input<typeof createUpdateBody>;

export const updateDto = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    taskId: z.number().int().nullable(),
    message: z.string(),
    priority: z.string(),
    isReminder: z.boolean(),
    reminderDate: z.string().nullable(),
    createdBy: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Update' });
export type UpdateDto = z.infer<typeof updateDto>;

export const reminderPaths = {
  due: '/api/reminders',
  dismiss: '/api/reminders/:id/dismiss',
} as const;

/** A due reminder as the header's bell lists it. */
export const reminderDto = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    taskId: z.number().int().nullable(),
    projectName: z.string(),
    taskName: z.string().nullable(),
    message: z.string(),
    priority: z.string(),
    reminderDate: z.string(),
    /** When its mail went out; null while the job has not sent it yet. */
    sentAt: z.string().nullable(),
  })
  .meta({ id: 'Reminder' });
export type ReminderDto = z.infer<typeof reminderDto>;

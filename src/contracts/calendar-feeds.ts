import { z } from 'zod';
import { idInput, idText } from './common.js';

/**
 * Private iCalendar feeds. A personal feed carries every task of the company; a project feed carries
 * one project's tasks, to share with a client or subcontractor. Each address holds a random token and
 * is the only key to the feed: it is shown once, when the feed is turned on or given a new address.
 */
export const calendarFeedPaths = {
  list: '/api/calendar-feeds',
  one: '/api/calendar-feeds/:id',
  /** The public feed itself: `/api/calendar/{token}.ics`. */
  feed: '/api/calendar/:token.ics',
} as const;

/** The path of a feed's address. */
export const calendarFeedPath = (token: string) => `/api/calendar/${token}.ics`;

/** `GET /api/calendar-feeds`: the caller's personal feed and the company's project feeds, or one project's. */
export const listCalendarFeedsQuery = z.object({
  projectId: idText('Invalid project id').optional(),
});
export type ListCalendarFeedsQuery = z.infer<typeof listCalendarFeedsQuery>;

/**
 * Turns a feed on, or gives it a new address: the scope's feed in use before (the caller's personal
 * feed, or the project's) stops working.
 */
export const createCalendarFeedBody = z.object({
  /** The project to share; absent or null for the caller's personal feed of every project. */
  projectId: idInput('Invalid project id').nullish(),
});
export type CreateCalendarFeedBody = z.infer<typeof createCalendarFeedBody>;
export type CreateCalendarFeedInput = z.input<typeof createCalendarFeedBody>;

export const calendarFeedDto = z
  .object({
    id: z.number().int(),
    /** Null for a personal feed. */
    projectId: z.number().int().nullable(),
    projectName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeedDto = z.infer<typeof calendarFeedDto>;

/** A feed just turned on or given a new address, with that address (never shown again). */
export const issuedCalendarFeedDto = calendarFeedDto
  .extend({
    /** `/api/calendar/{token}.ics` */
    path: z.string(),
    /** The address on the server's public URL. */
    url: z.string(),
  })
  .meta({ id: 'IssuedCalendarFeed' });
export type IssuedCalendarFeedDto = z.infer<typeof issuedCalendarFeedDto>;

export const calendarFeedParams = z.object({
  /** Whatever follows `/api/calendar/` up to `.ics`: an unknown or revoked token answers 404. */
  token: z.string().max(200),
});

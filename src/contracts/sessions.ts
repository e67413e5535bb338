import { z } from 'zod';

export const sessionPaths = {
  /** The signed-in user's live sessions, this one first. */
  list: '/api/account/sessions',
  /** DELETE: ends every session of the signed-in user but the one that asks. */
  others: '/api/account/sessions/others',
} as const;

/** One live session as its user sees it. The id names it for display only: it cannot sign anyone in. */
export const sessionDto = z.object({
  id: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
  createdAt: z.string(),
  /** The last request that used it, to within a few minutes. */
  lastUsedAt: z.string(),
  /** When it ends unless used again (or at the end of its whole lifetime). */
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
});
export type SessionDto = z.infer<typeof sessionDto>;

export const sessionListDto = z.object({ sessions: z.array(sessionDto) });
export type SessionListDto = z.infer<typeof sessionListDto>;

export const revokeOtherSessionsDto = z.object({
  /** How many sessions were ended. */
  ended: z.number().int(),
});
export type RevokeOtherSessionsDto = z.infer<typeof revokeOtherSessionsDto>;

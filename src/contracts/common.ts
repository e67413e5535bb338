import { z } from 'zod';

/** The one shape of every non-2xx answer. */
export const errorDto = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    errors: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorDto = z.infer<typeof errorDto>;

export const okDto = z.object({ ok: z.literal(true) });

export const idParams = z.object({ id: z.coerce.number().int().positive({ message: 'Invalid id' }) });

/** Timestamps travel as ISO 8601 strings. */
export const isoDate = z.iso.datetime({ offset: true });

export const healthDto = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgresql']),
});

/** Standard error answers a route may give, for its `response` schema. */
export const errorResponses = {
  400: errorDto,
  401: errorDto,
  402: errorDto,
  403: errorDto,
  404: errorDto,
  409: errorDto,
  429: errorDto,
} as const;

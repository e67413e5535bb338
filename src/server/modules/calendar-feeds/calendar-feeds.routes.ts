import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedDto,
  calendarFeedParams,
  calendarFeedPaths,
  createCalendarFeedBody,
  issuedCalendarFeedDto,
  listCalendarFeedsQuery,
} from '../../../contracts/calendar-feeds.js';
import { errorResponses, idParams, okDto } from '../../../contracts/common.js';
import type { AppContext } from '../../context.js';
import { calendarFeedsService } from './calendar-feeds.service.js';

/** Calendar apps look again every hour or so; a client asking far more often is not one. */
const FEED_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

export async function calendarFeedsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = calendarFeedsService(ctx);
  const tags = ['calendar feeds'];

  r.get(
    calendarFeedPaths.list,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: "The caller's personal calendar feed and the company's project feeds in use",
        description: 'With `projectId`, only that project’s feed. Addresses are never listed.',
        querystring: listCalendarFeedsQuery,
        response: { 200: z.array(calendarFeedDto), ...errorResponses },
      },
    },
    async (request) => service.list(request.tenant, request.query),
  );

  r.post(
    calendarFeedPaths.list,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Turn a calendar feed on, or give it a new address (the old one stops working)',
        description:
          'Without `projectId`: the caller’s personal feed of every task of the company. With it: the ' +
          'project’s feed, to share with a client or subcontractor. The answer holds the address, ' +
          'which is shown only this once (only a hash of its token is stored).',
        body: createCalendarFeedBody,
        response: { 201: issuedCalendarFeedDto, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await service.issue(request.tenant, request.body)),
  );

  r.delete(
    calendarFeedPaths.one,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Turn a calendar feed off: its address stops working',
        params: idParams,
        response: { 200: okDto, ...errorResponses },
      },
    },
    async (request) => {
      await service.revoke(request.tenant, request.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    calendarFeedPaths.feed,
    {
      // Calendar apps cannot sign in: the unguessable token in the address is the authorisation.
      config: { access: 'public', rateLimit: FEED_RATE_LIMIT },
      schema: {
        tags,
        summary: 'A calendar feed (iCalendar): the tasks as all-day events',
        description: 'An unknown or turned-off address answers 404.',
        params: calendarFeedParams,
        response: {
          200: z.string().meta({ description: 'text/calendar' }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const text = await service.feed(request.params.token);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="schedule.ics"')
        .header('cache-control', 'private, no-cache')
        .header('x-robots-tag', 'noindex')
        .send(text);
    },
  );
}

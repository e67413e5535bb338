import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams } from '../../../contracts/common.js';
import {
  feedbackDto,
  feedbackPaths,
  submitFeedbackBody,
  updateFeedbackBody,
} from '../../../contracts/feedback.js';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../plugins/auth-context.js';
import { feedbackService, toFeedbackDto } from './feedback.service.js';

/** Feedback submissions per client address. */
export const FEEDBACK_LIMIT = { max: 5, timeWindow: 10 * 60 * 1000 } as const;

export async function feedbackRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = feedbackService(ctx);
  const tags = ['feedback'];

  r.post(
    feedbackPaths.list,
    {
      schema: {
        tags,
        summary: 'Send feedback, signed in or out (rate-limited per address)',
        body: submitFeedbackBody,
        response: { 201: feedbackDto, ...errorResponses },
      },
      config: { access: 'public', rateLimit: FEEDBACK_LIMIT },
    },
    async (request, reply) => {
      const row = await service.submit(request.auth?.user ?? null, request.body);
      return reply.code(201).send(toFeedbackDto(row));
    },
  );

  r.get(
    feedbackPaths.list,
    {
      schema: {
        tags,
        summary:
          'Feedback, newest first: the company’s for owners and admins; everyone’s (also signed-out senders) for ADMIN_EMAILS',
        response: { 200: z.array(feedbackDto), ...errorResponses },
      },
      config: { access: 'admin' },
    },
    async (request) => (await service.list(currentUser(request), request.tenant)).map(toFeedbackDto),
  );

  r.put(
    feedbackPaths.item,
    {
      schema: {
        tags,
        summary: 'Set a feedback’s status and/or reply to it',
        params: idParams,
        body: updateFeedbackBody,
        response: { 200: feedbackDto, ...errorResponses },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      toFeedbackDto(
        await service.update(
          currentUser(request),
          request.tenant,
          request.params.id,
          request.body,
          request.log,
        ),
      ),
  );
}

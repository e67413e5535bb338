import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contracts/common.js';
import { revokeOtherSessionsDto, sessionListDto, sessionPaths } from '../../../contracts/sessions.js';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../plugins/auth-context.js';
import { sessionsService } from './sessions.service.js';

export async function sessionsRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = sessionsService(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  r.get(
    sessionPaths.list,
    {
      schema: {
        tags,
        summary: 'The signed-in user’s live sessions (browsers signed in), this one first',
        response: { 200: sessionListDto, ...errorResponses },
      },
      config: { access: 'user' },
    },
    async (request) => ({
      sessions: await service.list(currentUser(request).id, request.session.sessionId),
    }),
  );

  r.delete(
    sessionPaths.others,
    {
      schema: {
        tags,
        summary: 'Sign out every other session of the signed-in user; this one stays signed in',
        response: { 200: revokeOtherSessionsDto, ...errorResponses },
      },
      config: { access: 'user' },
    },
    async (request) => ({
      ended: await service.endOthers(currentUser(request).id, request.session.sessionId),
    }),
  );
}

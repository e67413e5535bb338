import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorDto, healthDto } from '../../../contracts/common.js';
import { api } from '../../../contracts/paths.js';
import type { AppContext } from '../../context.js';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    api.health,
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthDto, 503: errorDto },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      try {
        await ctx.database.ping();
        return { status: 'ok' as const, database: ctx.database.kind };
      } catch (err) {
        request.log.warn({ err }, 'health check: database did not answer');
        return reply
          .code(503)
          .send({ message: 'The database is not answering', code: 'database_unavailable' });
      }
    },
  );
}

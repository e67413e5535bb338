import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '../../../contracts/common.js';
import { companyLookaheadDto, lookaheadQuery, projectLookaheadDto } from '../../../contracts/lookahead.js';
import type { AppContext } from '../../context.js';
import { lookaheadService } from './lookahead.service.js';

const WINDOW =
  'The window is `weeks` weeks (1–6, default 3) of calendar days, `from` to `to` both included. A task ' +
  'is listed when it is not completed, ends on or after `from` and starts on or before `to`; each with ' +
  'its assignee, dates, total float (working days, from the computed schedule), critical flag, status, ' +
  'progress and materials status.';

export async function lookaheadRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = lookaheadService(ctx);
  const tags = ['lookahead'];

  r.get(
    '/api/projects/:id/lookahead',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: "The project's look-ahead: its work of the next weeks from its data date (or today)",
        description: `${WINDOW} Another company's project answers 404 like a missing one.`,
        params: idParams,
        querystring: lookaheadQuery,
        response: { 200: projectLookaheadDto, ...errorResponses },
      },
    },
    async (request) => service.forProject(request.tenant, request.params.id, request.query.weeks),
  );

  r.get(
    '/api/lookahead',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: "The company's look-ahead from today, over its projects under way (active or at risk)",
        description: WINDOW,
        querystring: lookaheadQuery,
        response: { 200: companyLookaheadDto, ...errorResponses },
      },
    },
    async (request) => service.forCompany(request.tenant, request.query.weeks),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  baselineDto,
  baselineParams,
  baselinePaths,
  createBaselineBody,
} from '../../../contracts/baselines.js';
import { errorResponses, idParams, okDto } from '../../../contracts/common.js';
import type { AppContext } from '../../context.js';
import { baselinesService } from './baselines.service.js';

export async function baselinesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = baselinesService(ctx);
  const tags = ['baselines'];

  r.get(
    baselinePaths.list,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: "The project's baselines, oldest (the default) first",
        params: idParams,
        response: { 200: z.array(baselineDto), ...errorResponses },
      },
    },
    async (request) => service.list(request.tenant, request.params.id),
  );

  r.post(
    baselinePaths.list,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Save the current dates of every task as a named baseline',
        description:
          'The first baseline of a project is its default. Names are unique in the project, ignoring ' +
          'case (409); a project keeps at most 20 baselines (422).',
        params: idParams,
        body: createBaselineBody,
        response: { 201: baselineDto, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(request.tenant, request.params.id, request.body)),
  );

  r.delete(
    baselinePaths.one,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Delete a baseline (the next oldest becomes the default)',
        params: baselineParams,
        response: { 200: okDto, ...errorResponses },
      },
    },
    async (request) => {
      await service.delete(request.tenant, request.params.id, request.params.baselineId);
      return { ok: true as const };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams } from '../../../contracts/common.js';
import { createUpdateBody, updateDto } from '../../../contracts/updates.js';
import type { AppContext } from '../../context.js';
import { toUpdateDto, updatesService } from './updates.service.js';

export async function updatesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = updatesService(ctx);
  const tags = ['updates'];

  r.get(
    '/api/tasks/:id/updates',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Updates of a task, newest first',
        params: idParams,
        response: { 200: z.array(updateDto), ...errorResponses },
      },
    },
    async (request) => (await service.listForTask(request.tenant, request.params.id)).map(toUpdateDto),
  );

  r.post(
    '/api/updates',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Add an update to a task (or, with only projectId, to a project)',
        body: createUpdateBody,
        response: { 201: updateDto, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(toUpdateDto(await service.create(request.tenant, request.body))),
  );
}

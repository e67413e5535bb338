import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBody, errorResponses, idParams, okDto } from '../../../contracts/common.js';
import { createUpdateBody, reminderDto, reminderPaths, updateDto } from '../../../contracts/updates.js';
import type { AppContext } from '../../context.js';
import { remindersService } from './reminders.service.js';
import { toUpdateDto, updatesService } from './updates.service.js';

export async function updatesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = updatesService(ctx);
  const reminders = remindersService(ctx);
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

  r.get(
    reminderPaths.due,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary:
          'The caller’s due reminders (as assignee, or as author of an unassigned task’s), newest first',
        response: { 200: z.array(reminderDto), ...errorResponses },
      },
    },
    async (request) => reminders.due(request.tenant),
  );

  r.post(
    reminderPaths.dismiss,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Clear one of the caller’s reminders from the bell',
        params: idParams,
        body: emptyBody,
        response: { 200: okDto, ...errorResponses },
      },
    },
    async (request) => {
      await reminders.dismiss(request.tenant, request.params.id);
      return { ok: true as const };
    },
  );
}

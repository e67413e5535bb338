import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams, okDto } from '../../../contracts/common.js';
import { createTaskBody, taskDto, updateTaskBody } from '../../../contracts/tasks.js';
import type { AppContext } from '../../context.js';
import { tasksService, toTaskDto } from './tasks.service.js';

export async function tasksRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = tasksService(ctx);
  const tags = ['tasks'];

  r.get(
    '/api/tasks',
    {
      schema: {
        tags,
        summary: 'Tasks of every project of the company, by start date',
        response: { 200: z.array(taskDto), ...errorResponses },
      },
    },
    async (request) => (await service.list(request.tenant)).map(toTaskDto),
  );

  r.post(
    '/api/tasks',
    {
      schema: {
        tags,
        summary: 'Create a task (phase Planning, not-started, progress 0, due in 7 days unless given)',
        body: createTaskBody,
        response: { 201: taskDto, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(toTaskDto(await service.create(request.tenant, request.body))),
  );

  r.get(
    '/api/tasks/:id',
    {
      schema: {
        tags,
        summary: 'One task',
        params: idParams,
        response: { 200: taskDto, ...errorResponses },
      },
    },
    async (request) => toTaskDto(await service.get(request.tenant, request.params.id)),
  );

  r.put(
    '/api/tasks/:id',
    {
      schema: {
        tags,
        summary: 'Update any field of a task (punchlist and materialsStatus as JSON text, checked)',
        params: idParams,
        body: updateTaskBody,
        response: { 200: taskDto, ...errorResponses },
      },
    },
    async (request) => toTaskDto(await service.update(request.tenant, request.params.id, request.body)),
  );

  r.delete(
    '/api/tasks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a task with its updates and documents',
        params: idParams,
        response: { 200: okDto, ...errorResponses },
      },
    },
    async (request) => {
      await service.delete(request.tenant, request.params.id, request.log);
      return { ok: true as const };
    },
  );
}

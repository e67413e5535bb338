import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { baselineQuery, projectTaskDto } from '../../../contracts/baselines.js';
import { emptyBody, errorResponses, idParams, okDto } from '../../../contracts/common.js';
import type { ProjectDto } from '../../../contracts/projects.js';
import {
  createProjectBody,
  projectDto,
  projectStatsDto,
  updateProjectBody,
} from '../../../contracts/projects.js';
import { updateDto } from '../../../contracts/updates.js';
import type { AppContext } from '../../context.js';
import { baselinesService } from '../baselines/baselines.service.js';
import { tasksService, toTaskDto } from '../tasks/tasks.service.js';
import { toUpdateDto, updatesService } from '../updates/updates.service.js';
import { projectsService, toProjectDto } from './projects.service.js';

export async function projectsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = projectsService(ctx);
  const tasks = tasksService(ctx);
  const updates = updatesService(ctx);
  const baselines = baselinesService(ctx);
  const tags = ['projects'];

  r.get(
    '/api/projects',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Projects of the company, newest first',
        response: { 200: z.array(projectDto), ...errorResponses },
      },
    },
    async (request, reply) => {
      // The database writes each project in the contract's shape (project-dto.ts): the response
      // schema's own pass (a checked copy of every project) would add only time to a list of hundreds.
      // A string payload goes out as it is; its type is the array the contract names.
      const json = await service.listJson(request.tenant);
      return reply.type('application/json; charset=utf-8').send(json as unknown as ProjectDto[]);
    },
  );

  r.get(
    '/api/projects/stats',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Portfolio figures: projects per status, total budget, average progress, overdue tasks',
        response: { 200: projectStatsDto, ...errorResponses },
      },
    },
    async (request) => service.stats(request.tenant),
  );

  r.get(
    '/api/projects/:id',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'One project',
        params: idParams,
        response: { 200: projectDto, ...errorResponses },
      },
    },
    async (request) => service.toDto(request.tenant, await service.get(request.tenant, request.params.id)),
  );

  r.post(
    '/api/projects',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Create a project',
        body: createProjectBody,
        response: { 201: projectDto, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(toProjectDto(await service.create(request.tenant, request.body))),
  );

  r.put(
    '/api/projects/:id',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Update a project (the edit form, or only its progress)',
        params: idParams,
        body: updateProjectBody,
        response: { 200: projectDto, ...errorResponses },
      },
    },
    async (request) =>
      service.toDto(request.tenant, await service.update(request.tenant, request.params.id, request.body)),
  );

  r.delete(
    '/api/projects/:id',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Delete a project with its tasks, updates and documents',
        params: idParams,
        response: { 200: okDto, ...errorResponses },
      },
    },
    async (request) => {
      await service.delete(request.tenant, request.params.id, request.log);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/projects/:id/duplicate',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Duplicate a project with its tasks (" (Copy)", planning, progress 0, 90 days from now)',
        params: idParams,
        body: emptyBody,
        response: { 201: projectDto, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(toProjectDto(await service.duplicate(request.tenant, request.params.id))),
  );

  r.get(
    '/api/projects/:id/tasks',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: "The project's tasks, by start date then position",
        description:
          'With `baseline` (a baseline id of the project, or `default`): each task also carries its ' +
          'baseline start and finish and its finish variance in working days (positive = late).',
        params: idParams,
        querystring: baselineQuery,
        response: { 200: z.array(projectTaskDto), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { tenant, params, query } = request;
      const rows = (await tasks.listForProject(tenant, params.id)).map(toTaskDto);
      const list =
        query.baseline === undefined
          ? rows
          : await baselines.compare(tenant, params.id, query.baseline, rows);
      // toTaskDto (and the baseline's three fields) build each task in the contract's shape, so the
      // response schema's own pass (a checked copy of every task) adds only time to a list of hundreds.
      return reply.type('application/json; charset=utf-8').serializer(JSON.stringify).send(list);
    },
  );

  r.get(
    '/api/projects/:id/updates',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: "The project's updates (its tasks' included), newest first",
        params: idParams,
        response: { 200: z.array(updateDto), ...errorResponses },
      },
    },
    async (request) => (await updates.listForProject(request.tenant, request.params.id)).map(toUpdateDto),
  );
}

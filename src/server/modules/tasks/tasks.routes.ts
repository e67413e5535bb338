import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams, okDto } from '../../../contracts/common.js';
import {
  createTaskBody,
  listTasksQuery,
  restoreTasksBody,
  taskDto,
  taskListItemDto,
  taskWriteErrorDto,
  updateTaskBody,
} from '../../../contracts/tasks.js';
import type { AppContext } from '../../context.js';
import { toTaskListItemDto } from './task-list-item.js';
import type { ScheduleOwnedField } from './task-scheduling.js';
import { tasksService, toTaskDto } from './tasks.service.js';

/**
 * How a task write answers what it did to the schedule: `X-Rescheduled: true|false`, and when the
 * schedule replaced dates (or the critical flag) the request asked for, `X-Schedule-Overridden`
 * names them (`startDate, endDate`): the engine's dates win, the body shows them.
 */
const SCHEDULE_HEADERS =
  'Answers `X-Rescheduled: true|false`; when the re-schedule replaced fields the request set, ' +
  '`X-Schedule-Overridden` names them (the answer holds the dates the schedule gave).';

function scheduleHeaders(
  reply: FastifyReply,
  change: { rescheduled: boolean; overridden?: readonly ScheduleOwnedField[] },
) {
  reply.header('x-rescheduled', String(change.rescheduled));
  if (change.overridden?.length) reply.header('x-schedule-overridden', change.overridden.join(', '));
}

export async function tasksRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = tasksService(ctx);
  const tags = ['tasks'];

  r.get(
    '/api/tasks',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Tasks of the company, of one project and/or of a period, by start date',
        description:
          'Each task with its project name and its assignee, as lists and the schedule show them. ' +
          '`from` and `to` are calendar days (YYYY-MM-DD), both included: a task is listed when it ' +
          'ends on or after `from` and starts on or before `to` (one spanning the period is listed). ' +
          "Another company's `projectId` answers 404 like a missing one.",
        querystring: listTasksQuery,
        response: { 200: z.array(taskListItemDto), ...errorResponses },
      },
    },
    async (request) => (await service.list(request.tenant, request.query)).map(toTaskListItemDto),
  );

  r.post(
    '/api/tasks',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Create a task (phase Planning, not-started, progress 0, due in 7 days unless given)',
        description:
          "A task created with dependencies or a start constraint (its own, or its materials' expected " +
          'delivery) re-schedules its project. Its typed startDate is then kept as the start-no-earlier-' +
          'than day and its typed endDate as the duration; a date the schedule cannot keep answers 422 ' +
          '`date_not_allowed` with the field, its reason and `nearest`, as an edit does, and nothing is ' +
          `created. A task that does not join the network keeps its dates as sent. ${SCHEDULE_HEADERS}`,
        body: createTaskBody,
        response: { 201: taskDto, ...errorResponses, 422: taskWriteErrorDto },
      },
    },
    async (request, reply) => {
      const change = await service.create(request.tenant, request.body);
      scheduleHeaders(reply, change);
      return reply.code(201).send(toTaskDto(change.task));
    },
  );

  r.get(
    '/api/tasks/:id',
    {
      config: { access: 'tenant' },
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
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Update any field of a task (punchlist and materialsStatus as JSON text, checked)',
        description:
          'A change of duration, startDate, endDate or dependencies re-schedules the project in the same ' +
          'transaction and answers the task as re-scheduled. A typed startDate is kept as the start-no-' +
          'earlier-than day and a typed endDate as the duration; a date the schedule cannot keep (a link, ' +
          'the materials, the calendar, an actual start) answers 422 `date_not_allowed` with the field, ' +
          'its reason and `nearest`, the nearest day allowed, and changes nothing. A cycle or ' +
          `unreadable dependencies answer 422 and change nothing. ${SCHEDULE_HEADERS}`,
        params: idParams,
        body: updateTaskBody,
        response: { 200: taskDto, ...errorResponses, 422: taskWriteErrorDto },
      },
    },
    async (request, reply) => {
      const change = await service.update(request.tenant, request.params.id, request.body);
      scheduleHeaders(reply, change);
      return toTaskDto(change.task);
    },
  );

  r.post(
    '/api/tasks/restore',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: "Undo: put a project's tasks back as they were before a change",
        description:
          'Writes each task’s dates, duration, critical flag, progress, status, actual dates, start ' +
          'constraint and remaining duration as given (read before the change), without re-scheduling. ' +
          "Every id must be a task of the project (400 naming them); another company's project is a 404.",
        body: restoreTasksBody,
        response: { 200: okDto, ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.restore(request.tenant, request.body);
      reply.header('x-rescheduled', 'false');
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/tasks/:id',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Delete a task with its updates and documents',
        description: `A task in the project's network (linked or critical) re-schedules its project. ${SCHEDULE_HEADERS}`,
        params: idParams,
        response: { 200: okDto, ...errorResponses },
      },
    },
    async (request, reply) => {
      scheduleHeaders(reply, await service.delete(request.tenant, request.params.id, request.log));
      return { ok: true as const };
    },
  );
}

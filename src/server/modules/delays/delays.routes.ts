import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '../../../contracts/common.js';
import {
  createDelayBody,
  delayCsvResponse,
  delayListDto,
  delayParams,
  recordedDelayDto,
  removedDelayDto,
} from '../../../contracts/delays.js';
import { scheduleErrorDto } from '../../../contracts/schedule.js';
import type { AppContext } from '../../context.js';
import { attachment } from '../schedule/schedule.routes.js';
import { delaysService } from './delays.service.js';

const MODEL =
  'A delay of N working days makes its task N working days longer from then on (every later ' +
  're-schedule keeps it); a weather delay also makes its N working days from `date` days off for ' +
  "the project's weather-sensitive tasks whose work spans them. The finish movement is in working " +
  "days on the project's calendar, positive = later.";

export async function delaysRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = delaysService(ctx);
  const tags = ['delays'];

  r.get(
    '/api/projects/:id/delays',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: "The project's recorded delays, by date, each with the finish movement it caused",
        params: idParams,
        response: { 200: delayListDto, ...errorResponses },
      },
    },
    async (request) => service.list(request.tenant, request.params.id),
  );

  r.post(
    '/api/projects/:id/delays',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Record a delay against a task of the project and re-schedule the project with it',
        description: `${MODEL} A task of another project or company answers 404.`,
        params: idParams,
        body: createDelayBody,
        response: { 201: recordedDelayDto, ...errorResponses, 422: scheduleErrorDto },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.record(request.tenant, request.params.id, request.body)),
  );

  r.delete(
    '/api/projects/:id/delays/:delayId',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Remove a recorded delay (a mistaken entry) and re-schedule the project without it',
        params: delayParams,
        response: { 200: removedDelayDto, ...errorResponses, 422: scheduleErrorDto },
      },
    },
    async (request) => service.remove(request.tenant, request.params.id, request.params.delayId),
  );

  r.get(
    '/api/projects/:id/delays.csv',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary:
          'The delay report as CSV (date, task, cause, days, was critical, finish before, finish after, ' +
          'finish moved, note, recorded by): the record for a time-extension request',
        params: idParams,
        response: { 200: delayCsvResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await service.csv(request.tenant, request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}

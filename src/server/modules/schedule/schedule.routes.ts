import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { baselineQuery } from '../../../contracts/baselines.js';
import { errorDto, errorResponses, idParams } from '../../../contracts/common.js';
import {
  importErrorDto,
  importedScheduleDto,
  importScheduleBody,
  projectScheduleDto,
  scheduleErrorDto,
  scheduleFileResponse,
  scheduleProjectBody,
} from '../../../contracts/schedule.js';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../errors.js';
import { explainUploadError, readWholeFile, uploadFileName } from '../../uploads.js';
import { type ScheduleDownload, type ScheduleUpload, scheduleService } from './schedule.service.js';

export async function scheduleRoutes(app: FastifyInstance, ctx: AppContext) {
  const maxMb = String(Number((ctx.config.maxUploadBytes / (1024 * 1024)).toFixed(2)));
  await app.register(multipart, {
    limits: { fileSize: ctx.config.maxUploadBytes, files: 1, fields: 10, parts: 20 },
    throwFileSizeLimit: true,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = scheduleService(ctx);
  const tags = ['schedule'];

  r.get(
    '/api/projects/:id/schedule',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary:
          "The project's critical-path schedule computed from its stored tasks (as POST …/schedule " +
          'answers it), without writing anything: the dates, floats and critical flags the stored ' +
          'durations, links, constraints and calendar give',
        params: idParams,
        response: { 200: projectScheduleDto, ...errorResponses, 422: scheduleErrorDto },
      },
    },
    async (request) => service.current(request.tenant, request.params.id),
  );

  r.post(
    '/api/projects/:id/schedule',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary:
          "Recompute the project's critical-path schedule from its start date (the project's calendar, " +
          'by default Mon–Fri with US federal holidays; task start constraints and materials deliveries; ' +
          "the company state's weather allowance) and write every task's dates and critical flag",
        params: idParams,
        body: scheduleProjectBody,
        response: { 200: projectScheduleDto, ...errorResponses, 422: scheduleErrorDto },
      },
    },
    async (request) => service.schedule(request.tenant, request.params.id),
  );

  r.post(
    '/api/projects/import',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: `Create a project from an MS Project XML or Primavera P6 XER file (multipart part "file", max ${maxMb} MB), then schedule it`,
        consumes: ['multipart/form-data'],
        body: importScheduleBody,
        response: {
          201: importedScheduleDto,
          ...errorResponses,
          400: importErrorDto,
          413: errorDto,
          415: errorDto,
          422: importErrorDto,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.importFile(request.tenant, await readUpload(request, maxMb))),
  );

  r.get(
    '/api/projects/:id/export.xml',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'The project as MS Project XML (MSPDI), for MS Project and ProjectLibre',
        description:
          "Each task carries its dates in a baseline as MS Project's baseline 0: the one named by " +
          '`baseline`, or the default one (none when the project has no baseline).',
        params: idParams,
        querystring: baselineQuery,
        response: { 200: scheduleFileResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      download(reply, await service.exportXml(request.tenant, request.params.id, request.query.baseline)),
  );

  r.get(
    '/api/projects/:id/export.csv',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary:
          "The project's task table as CSV (id, name, phase, duration, start, finish, predecessors, critical, progress)",
        params: idParams,
        response: { 200: scheduleFileResponse, ...errorResponses },
      },
    },
    async (request, reply) => download(reply, await service.exportCsv(request.tenant, request.params.id)),
  );
}

function download(reply: FastifyReply, file: ScheduleDownload) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachment(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

/**
 * `attachment` with the name twice: an ASCII fallback (`filename`) and the exact name in UTF-8
 * (`filename*`, RFC 6266 / 8187). Path separators, quotes and control characters never pass.
 */
export function attachment(fileName: string): string {
  let clean = '';
  for (const char of fileName) {
    const code = char.codePointAt(0) ?? 0;
    const unsafe = code < 0x20 || code === 0x7f || (code >= 0xd800 && code <= 0xdfff);
    clean += unsafe || char === '/' || char === '\\' ? '_' : char;
  }
  clean = clean.trim() || 'schedule';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["%;]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The one file part of the import, its parser's limit errors made into clear answers. */
async function readUpload(request: FastifyRequest, maxMb: string): Promise<ScheduleUpload> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'multipart_expected',
      'Send the schedule file as multipart/form-data, in a part named "file"',
    );
  }
  const explain = (err: unknown) =>
    explainUploadError(err, {
      maxMb,
      multipartExpected: 'Send the schedule file as multipart/form-data, in a part named "file"',
      tooMany: () =>
        badRequest('Send one schedule file, in a part named "file"', undefined, 'one_file_expected'),
    });
  try {
    let upload: ScheduleUpload | null = null;
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || upload) {
        throw badRequest('Send one schedule file, in a part named "file"', undefined, 'one_file_expected');
      }
      upload = { fileName: uploadFileName(part.filename, '') || null, bytes: await readWholeFile(part) };
    }
    if (!upload)
      throw badRequest('Attach the schedule file in a part named "file"', undefined, 'file_missing');
    if (upload.bytes.length === 0) throw badRequest('The file is empty', undefined, 'file_empty');
    return upload;
  } catch (err) {
    throw explain(err);
  }
}

import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams, okDto } from '../../../contracts/common.js';
import {
  documentDto,
  documentFileResponse,
  uploadDocumentsBody,
  uploadErrorResponses,
} from '../../../contracts/documents.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { closeStorage } from '../../providers/storage/index.js';
import { multipartParts } from '../../uploads.js';
import { documentsService, MAX_FILES_PER_UPLOAD, toDocumentDto } from './documents.service.js';
import { contentDisposition } from './file-type.js';

/** The multipart parts as the service reads them, the parser's limit errors made into clear answers. */
function uploadParts(request: FastifyRequest, maxMb: string) {
  return multipartParts(request, {
    maxMb,
    multipartExpected: 'Send the files as multipart/form-data',
    tooMany: () =>
      new AppError(413, 'too_many_files', `Too many files (at most ${MAX_FILES_PER_UPLOAD} per upload)`),
  });
}

export async function documentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const maxMb = String(Number((ctx.config.maxUploadBytes / (1024 * 1024)).toFixed(2)));
  await app.register(multipart, {
    limits: { fileSize: ctx.config.maxUploadBytes, files: MAX_FILES_PER_UPLOAD, fields: 20, parts: 100 },
    throwFileSizeLimit: true,
  });
  app.addHook('onClose', async () => closeStorage(ctx.config));

  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = documentsService(ctx);
  const tags = ['documents'];

  r.post(
    '/api/projects/:id/documents',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: `Upload documents to a project (multipart: parts named "file", optional "taskId"; max ${maxMb} MB each)`,
        consumes: ['multipart/form-data'],
        params: idParams,
        body: uploadDocumentsBody,
        response: { 201: z.array(documentDto), ...errorResponses, ...uploadErrorResponses },
      },
    },
    async (request, reply) => {
      const rows = await service.upload(
        request.tenant,
        request.params.id,
        uploadParts(request, maxMb),
        request.log,
      );
      return reply.code(201).send(rows.map(toDocumentDto));
    },
  );

  r.get(
    '/api/projects/:id/documents',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Documents of a project, newest first',
        params: idParams,
        response: { 200: z.array(documentDto), ...errorResponses },
      },
    },
    async (request) => (await service.listForProject(request.tenant, request.params.id)).map(toDocumentDto),
  );

  r.get(
    '/api/tasks/:id/documents',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Documents attached to a task, newest first',
        params: idParams,
        response: { 200: z.array(documentDto), ...errorResponses },
      },
    },
    async (request) => (await service.listForTask(request.tenant, request.params.id)).map(toDocumentDto),
  );

  r.get(
    '/api/documents/:id/download',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Download a document under its original name',
        params: idParams,
        response: { 200: documentFileResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { row, stream } = await service.open(request.tenant, request.params.id);
      return reply
        .header('content-type', row.mimeType)
        .header('content-length', row.fileSize)
        .header('content-disposition', contentDisposition(row.originalName))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  r.delete(
    '/api/documents/:id',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Delete a document and its stored file',
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

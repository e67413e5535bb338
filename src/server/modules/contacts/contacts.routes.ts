import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorDto, errorResponses, idParams, okDto } from '../../../contracts/common.js';
import {
  contactDto,
  contactFileResponse,
  contactPaths,
  contactsByTypeDto,
  createContactBody,
  updateContactBody,
} from '../../../contracts/contacts.js';
import { contactImportBody, contactImportDto } from '../../../contracts/contacts-import.js';
import type { AppContext } from '../../context.js';
import { contentDisposition } from '../documents/file-type.js';
import { type ContactDownload, contactsService, toContactDto } from './contacts.service.js';
import { contactImportService } from './contacts-import.js';
import { assertMultipart, readImportRequest } from './import-request.js';

function download(reply: FastifyReply, file: ContactDownload) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

/**
 * The largest contact list read, whatever larger uploads the server allows: 5,000 contacts take
 * about 1 MB, and a CSV file is parsed on the server's own thread.
 */
const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export async function contactsRoutes(app: FastifyInstance, ctx: AppContext) {
  const maxBytes = Math.min(ctx.config.maxUploadBytes, MAX_IMPORT_BYTES);
  const maxMb = String(Number((maxBytes / (1024 * 1024)).toFixed(2)));
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 },
    throwFileSizeLimit: true,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = contactsService(ctx);
  const importer = contactImportService(ctx);
  app.addHook('onClose', async () => importer.close());
  const tags = ['contacts'];

  r.get(
    contactPaths.list,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Contacts of the company, by name',
        response: { 200: z.array(contactDto), ...errorResponses },
      },
    },
    async (request) => (await service.list(request.tenant)).map(toContactDto),
  );

  r.get(
    contactPaths.byType,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Contacts of the company in one list per type: clients, subcontractors, vendors, architects',
        response: { 200: contactsByTypeDto, ...errorResponses },
      },
    },
    async (request) => service.byType(request.tenant),
  );

  r.get(
    contactPaths.exportCsv,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary:
          'Every contact as CSV (Name, Company, Email, Phone, Type, Specialties, Licensed, Rating, Notes), as the import reads it back',
        response: { 200: contactFileResponse, ...errorResponses },
      },
    },
    async (request, reply) => download(reply, await service.exportCsv(request.tenant)),
  );

  r.post(
    contactPaths.import,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: `Import contacts from a CSV or .xlsx file (max ${maxMb} MB): mode "preview" writes nothing and tells what would be created, which rows are invalid and why, and which are duplicates; mode "commit" creates the new ones in one transaction`,
        consumes: ['multipart/form-data'],
        body: contactImportBody,
        response: { 200: contactImportDto, ...errorResponses, 413: errorDto, 415: errorDto, 422: errorDto },
      },
      // A JSON or form body is refused before the body schema would call it a validation error.
      preValidation: async (request) => assertMultipart(request),
    },
    async (request) => importer.run(request.tenant, await readImportRequest(request, maxMb)),
  );

  r.post(
    contactPaths.list,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary:
          'Create a contact (rating 1–5 in tenths, trades and rating for subcontractors and vendors, licensed for subcontractors only)',
        body: createContactBody,
        response: { 201: contactDto, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(toContactDto(await service.create(request.tenant, request.body))),
  );

  r.put(
    '/api/contacts/:id',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Update a contact (any fields; the rating in whole stars, or null for none)',
        params: idParams,
        body: updateContactBody,
        response: { 200: contactDto, ...errorResponses },
      },
    },
    async (request) => toContactDto(await service.update(request.tenant, request.params.id, request.body)),
  );

  r.delete(
    '/api/contacts/:id',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'Delete a contact (projects and tasks keep its name)',
        params: idParams,
        response: { 200: okDto, ...errorResponses },
      },
    },
    async (request) => {
      await service.delete(request.tenant, request.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/contacts/:id.vcf',
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'One contact as a vCard 4.0 file',
        params: idParams,
        response: { 200: contactFileResponse, ...errorResponses },
      },
    },
    async (request, reply) => download(reply, await service.vcard(request.tenant, request.params.id)),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountingMappingsDto,
  accountingPaths,
  createInvoiceBody,
  exportCheckDto,
  exportFileResponse,
  exportQuery,
  invoiceDto,
  invoiceListDto,
  invoiceParams,
  putAccountingMappingsBody,
  updateInvoiceBody,
} from '../../../contracts/accounting.js';
import { emptyBody, errorResponses, idParams } from '../../../contracts/common.js';
import type { AppContext } from '../../context.js';
import { attachment } from '../schedule/schedule.routes.js';
import { accountingService } from './accounting.service.js';
import { accountingExportService } from './accounting-export.service.js';

export async function accountingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = accountingService(ctx);
  const exports = accountingExportService(ctx);
  const tags = ['accounting'];

  r.get(
    accountingPaths.projectInvoices,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary:
          "The project's invoices to its client, with what is billed (approved) against its contract, in cents",
        params: idParams,
        response: { 200: invoiceListDto, ...errorResponses },
      },
    },
    async (request) => service.projectInvoices(request.tenant, request.params.id),
  );

  r.post(
    accountingPaths.projectInvoices,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'A draft invoice to the client, numbered INV-001… for the project',
        params: idParams,
        body: createInvoiceBody,
        response: { 201: invoiceDto, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.createInvoice(request.tenant, request.params.id, request.body);
    },
  );

  r.patch(
    accountingPaths.invoice,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: "Change a draft invoice's dates, memo or lines (an approved one is 409)",
        params: invoiceParams,
        body: updateInvoiceBody,
        response: { 200: invoiceDto, ...errorResponses },
      },
    },
    async (request) => service.updateInvoice(request.tenant, request.params.invoiceId, request.body),
  );

  r.post(
    accountingPaths.approveInvoice,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Approve a draft invoice (owner or admin): it counts as billed and goes to the accounting export',
        params: invoiceParams,
        body: emptyBody,
        response: { 200: invoiceDto, ...errorResponses },
      },
    },
    async (request) => service.approveInvoice(request.tenant, request.params.invoiceId),
  );

  r.get(
    accountingPaths.mappings,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "How the company's cost codes, jobs and vendors are named in its accounting program, and its A/P, A/R and income accounts (owner or admin)",
        response: { 200: accountingMappingsDto, ...errorResponses },
      },
    },
    async (request) => exports.mappings(request.tenant),
  );

  r.put(
    accountingPaths.mappings,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Write the mappings given (owner or admin); an empty name clears one, rows not given stay',
        body: putAccountingMappingsBody,
        response: { 200: accountingMappingsDto, ...errorResponses },
      },
    },
    async (request) => exports.putMappings(request.tenant, request.body),
  );

  r.get(
    accountingPaths.exportCheck,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'What the export would write and what it could not map: bills left out, cost codes without an account, vendors and jobs under their own names (owner or admin)',
        querystring: exportQuery,
        response: { 200: exportCheckDto, ...errorResponses },
      },
    },
    async (request) => exports.exportCheck(request.tenant, request.query),
  );

  r.get(
    accountingPaths.exportFile,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'The accounting file (QuickBooks Desktop IIF, QuickBooks Online CSV, Xero CSV) for the period and project given (owner or admin)',
        description:
          'The header `x-export-left-out` counts the bills left out for want of an account; `/api/accounting/export/check` lists them.',
        querystring: exportQuery,
        response: { 200: exportFileResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await exports.exportFile(request.tenant, request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-export-left-out', String(file.check.leftOut.length))
        .send(file.body);
    },
  );
}

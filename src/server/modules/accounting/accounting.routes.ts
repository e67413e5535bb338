import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountingPaths,
  createInvoiceBody,
  invoiceDto,
  invoiceListDto,
  invoiceParams,
  updateInvoiceBody,
} from '../../../contracts/accounting.js';
import { emptyBody, errorResponses, idParams } from '../../../contracts/common.js';
import type { AppContext } from '../../context.js';
import { accountingService } from './accounting.service.js';

export async function accountingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = accountingService(ctx);
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
}

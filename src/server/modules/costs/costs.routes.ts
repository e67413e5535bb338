import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyBody, errorResponses, idParams } from '../../../contracts/common.js';
import {
  commitmentDto,
  commitmentListDto,
  commitmentParams,
  costsPaths,
  createCommitmentBody,
  updateCommitmentBody,
} from '../../../contracts/costs.js';
import type { AppContext } from '../../context.js';
import { costsService } from './costs.service.js';

export async function costsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = costsService(ctx);
  const tags = ['costs'];

  r.get(
    costsPaths.projectCommitments,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary:
          "The project's purchase orders and subcontracts, with their lines and what was billed against them",
        params: idParams,
        response: { 200: commitmentListDto, ...errorResponses },
      },
    },
    async (request) => service.listCommitments(request.tenant, request.params.id),
  );

  r.post(
    costsPaths.projectCommitments,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'A draft purchase order or subcontract, numbered PO-001 / SC-001 for the project',
        params: idParams,
        body: createCommitmentBody,
        response: { 201: commitmentDto, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createCommitment(request.tenant, request.params.id, request.body)),
  );

  r.get(
    costsPaths.commitment,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'One commitment with its lines',
        params: commitmentParams,
        response: { 200: commitmentDto, ...errorResponses },
      },
    },
    async (request) => service.getCommitment(request.tenant, request.params.commitmentId),
  );

  r.patch(
    costsPaths.commitment,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: "A draft commitment's title, vendor or lines (lines replaced whole)",
        params: commitmentParams,
        body: updateCommitmentBody,
        response: { 200: commitmentDto, ...errorResponses },
      },
    },
    async (request) => service.updateCommitment(request.tenant, request.params.commitmentId, request.body),
  );

  r.post(
    costsPaths.issueCommitment,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Issue a draft commitment to its vendor (owner or admin)',
        params: commitmentParams,
        body: emptyBody,
        response: { 200: commitmentDto, ...errorResponses },
      },
    },
    async (request) => service.moveCommitment(request.tenant, request.params.commitmentId, 'issued'),
  );

  r.post(
    costsPaths.closeCommitment,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Close an issued commitment (owner or admin)',
        params: commitmentParams,
        body: emptyBody,
        response: { 200: commitmentDto, ...errorResponses },
      },
    },
    async (request) => service.moveCommitment(request.tenant, request.params.commitmentId, 'closed'),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  budgetPaths,
  budgetTransferDto,
  costCodeDto,
  costCodeListDto,
  costCodeParams,
  createBudgetTransferBody,
  importCostCodesBody,
  projectBudgetDto,
  replaceCostCodesResponse,
  updateCostCodeBody,
} from '../../../contracts/budget.js';
import { errorResponses, idParams } from '../../../contracts/common.js';
import {
  jobCostCsvResponse,
  jobCostLinesDto,
  jobCostLinesQuery,
  jobCostPaths,
  jobCostPdfResponse,
  jobCostReportDto,
  setJobCostEstimatesBody,
} from '../../../contracts/job-cost.js';
import type { AppContext } from '../../context.js';
import { attachment } from '../schedule/schedule.routes.js';
import { budgetService } from './budget.service.js';
import { jobCostService } from './job-cost.service.js';

export async function budgetRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = budgetService(ctx);
  const jobCost = jobCostService(ctx);
  const tags = ['budget'];

  r.get(
    budgetPaths.costCodes,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: "The company's cost codes, seeded from a standard set for its kind of work on first use",
        response: { 200: costCodeListDto, ...errorResponses },
      },
    },
    async (request) => ({ costCodes: await service.costCodes(request.tenant) }),
  );

  r.patch(
    budgetPaths.costCode,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Rename or recode a cost code (owner or admin)',
        params: costCodeParams,
        body: updateCostCodeBody,
        response: { 200: costCodeDto, ...errorResponses },
      },
    },
    async (request) => service.updateCostCode(request.tenant, request.params.codeId, request.body),
  );

  r.post(
    budgetPaths.importCostCodes,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Replace the company's cost codes with a CSV list (owner or admin), whole or not at all",
        description:
          'Rows of `code,name`, a header row optional. Codes kept by their code keep their budget ' +
          'lines; the lines of a code that goes are put on the code the new list gives their trade.',
        body: importCostCodesBody,
        response: { 200: replaceCostCodesResponse, ...errorResponses },
      },
    },
    async (request) => service.importCostCodes(request.tenant, request.body),
  );

  r.get(
    budgetPaths.projectBudget,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: "The project's budget: its lines from its estimates and their totals by cost code, in cents",
        params: idParams,
        response: { 200: projectBudgetDto, ...errorResponses },
      },
    },
    async (request) => service.projectBudget(request.tenant, request.params.id),
  );

  r.post(
    budgetPaths.budgetTransfers,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Move budget from one cost code (and task) to another (owner or admin)',
        description:
          'Two transfer adjustments of the revised budget, the amount out of one and into the other.',
        params: idParams,
        body: createBudgetTransferBody,
        response: { 201: budgetTransferDto, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.transfer(request.tenant, request.params.id, request.body);
    },
  );

  r.get(
    jobCostPaths.report,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'The job cost report: figures by cost code, by task and for the job, and work in progress',
        description:
          'Original, approved changes, transfers, revised, committed, open commitment, actual, cost to ' +
          'complete, EAC and variance in whole cents; every total is the sum of its rows.',
        params: idParams,
        response: { 200: jobCostReportDto, ...errorResponses },
      },
    },
    async (request) => jobCost.report(request.tenant, request.params.id),
  );

  r.put(
    jobCostPaths.estimates,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: "Set (or clear, with null) cells' estimates of the uncommitted cost still to come",
        params: idParams,
        body: setJobCostEstimatesBody,
        response: { 200: jobCostReportDto, ...errorResponses },
      },
    },
    async (request) => jobCost.setEstimates(request.tenant, request.params.id, request.body),
  );

  r.get(
    jobCostPaths.lines,
    {
      config: { access: 'tenant' },
      schema: {
        tags,
        summary: 'The documents behind one figure of the job cost report (a cell, a code, a task or the job)',
        params: idParams,
        querystring: jobCostLinesQuery,
        response: { 200: jobCostLinesDto, ...errorResponses },
      },
    },
    async (request) => jobCost.lines(request.tenant, request.params.id, request.query),
  );

  for (const [path, response, summary, make] of [
    [
      jobCostPaths.csv,
      jobCostCsvResponse,
      'The job cost report as CSV: codes, their tasks, the job total and work in progress',
      jobCost.csv,
    ],
    [jobCostPaths.pdf, jobCostPdfResponse, 'The job cost report as a printable PDF', jobCost.pdf],
  ] as const)
    r.get(
      path,
      {
        config: { access: 'tenant' },
        schema: { tags, summary, params: idParams, response: { 200: response, ...errorResponses } },
      },
      async (request, reply) => {
        const file = await make(request.tenant, request.params.id);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', attachment(file.fileName))
          .header('cache-control', 'private, no-store')
          .send(file.body);
      },
    );
}

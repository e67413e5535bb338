import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userDto } from '../../../contracts/auth.js';
import { errorResponses } from '../../../contracts/common.js';
import {
  companyLocationBody,
  companyLocationDto,
  companyMemberDto,
  companyPaths,
  createCompanyBody,
} from '../../../contracts/companies.js';
import { api } from '../../../contracts/paths.js';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../plugins/auth-context.js';
import { toUserDto } from '../auth/user.dto.js';
import { companiesService } from './companies.service.js';

export async function companiesRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = companiesService(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    companyPaths.members,
    {
      schema: {
        tags: ['companies'],
        summary: 'Members of the caller’s company, by name (for pickers such as a task’s assignee)',
        response: { 200: z.array(companyMemberDto), ...errorResponses },
      },
      config: { access: 'tenant' },
    },
    async (request) => service.members(request.tenant),
  );

  r.put(
    companyPaths.location,
    {
      schema: {
        tags: ['companies'],
        summary:
          'Set the company’s default location: ISO country code and state or region (a USPS code in the US); owner and admins',
        body: companyLocationBody,
        response: { 200: companyLocationDto, ...errorResponses },
      },
      config: { access: 'manager' },
    },
    async (request) => service.updateLocation(request.tenant, request.body),
  );

  r.post(
    api.companies,
    {
      schema: {
        tags: ['companies'],
        summary: 'Create the caller’s company and start its trial; answers the updated user',
        body: createCompanyBody,
        response: { 201: userDto, ...errorResponses },
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      const { user, company } = await service.create(currentUser(request), request.body);
      return reply.code(201).send(toUserDto(ctx.config, user, company));
    },
  );
}

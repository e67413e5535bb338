import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminUsersDto } from '../../../contracts/admin.js';
import { errorResponses } from '../../../contracts/common.js';
import type { AppContext } from '../../context.js';
import { adminService } from './admin.service.js';

export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = adminService(ctx);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Users of the company with subscription details (owners and admins only)',
        response: { 200: adminUsersDto, ...errorResponses },
      },
      config: { access: 'admin' },
    },
    async (request) => service.users(request.tenant),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminUsersDto } from '../../../contracts/admin.js';
import { errorResponses } from '../../../contracts/common.js';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../plugins/auth-context.js';
import { adminService } from './admin.service.js';

export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = adminService(ctx);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Users with subscription details: the company’s for owners and admins, every company’s for ADMIN_EMAILS',
        response: { 200: adminUsersDto, ...errorResponses },
      },
      config: { access: 'admin' },
    },
    async (request) => service.users(currentUser(request), request.tenant),
  );
}

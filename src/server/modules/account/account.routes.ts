import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountDeletionDto,
  accountPaths,
  deleteAccountBody,
  deleteAccountDto,
} from '../../../contracts/account.js';
import { errorResponses } from '../../../contracts/common.js';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../plugins/auth-context.js';
import { accountService } from './account.service.js';

export async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = accountService(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    accountPaths.deletion,
    {
      schema: {
        tags: ['account'],
        summary:
          'What deleting the signed-in user would take along: the company and its record counts when they are its last member',
        response: { 200: accountDeletionDto, ...errorResponses },
      },
      config: { access: 'user' },
    },
    async (request) => service.deletionPreview(currentUser(request), request.auth?.company ?? null),
  );

  r.delete(
    accountPaths.delete,
    {
      schema: {
        tags: ['account'],
        summary:
          'Delete the signed-in user (confirmation must be exactly DELETE); the last member takes the company and its data along',
        body: deleteAccountBody,
        response: { 200: deleteAccountDto, ...errorResponses },
      },
      config: { access: 'user' },
    },
    async (request) => {
      const user = currentUser(request);
      const companyDeleted = await service.deleteAccount(user, request.auth?.company ?? null, request.log);
      await request.session.destroy();
      return {
        success: true as const,
        message: companyDeleted ? 'Account deleted, with your company and all its data' : 'Account deleted',
        companyDeleted,
      };
    },
  );
}

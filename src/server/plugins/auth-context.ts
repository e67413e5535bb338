import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accessFor } from '../../domain/subscription/gate.js';
import type { Config } from '../config.js';
import { runInTenantScope } from '../db/tenant-scope.js';
import { AppError, forbidden, paymentRequired, unauthorized } from '../errors.js';
import type { CompanyRow, UserRow } from './sessions.js';

export type { CompanyRow, UserRow } from './sessions.js';

/**
 * Who may call a route:
 * - `public`: anyone;
 * - `user`: any signed-in user, with or without a company, whatever the subscription (account,
 *   company creation, subscription and feedback routes);
 * - `tenant` (the default): a signed-in user of a company whose subscription gate allows access;
 * - `admin`: a tenant whose role is owner or admin, or whose email is in ADMIN_EMAILS;
 * - `manager`: the owner or an admin of a company, whatever the subscription (the decisions that
 *   bind the whole company: cancelling, choosing the plan, paying, the company's own settings).
 *   A plain member is refused 403 `managers_only`.
 */
export type Access = 'public' | 'user' | 'tenant' | 'admin' | 'manager';

export interface Tenant {
  companyId: number;
  userId: string;
  role: UserRow['role'];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user and their company, when there is a valid session. */
    auth: { user: UserRow; company: CompanyRow | null } | null;
    /** Set on `tenant`, `admin` and `manager` routes: the company every query is scoped to. */
    tenant: Tenant;
  }
}

/** Whether the user decides for their company: its owner or one of its admins. */
export function managesCompany(user: Pick<UserRow, 'role'>): boolean {
  return user.role === 'owner' || user.role === 'admin';
}

export const MANAGERS_ONLY_MESSAGE = 'Only the company’s owner or an admin can do this';

export function isAdmin(config: Config, user: UserRow): boolean {
  return (
    user.role === 'owner' || user.role === 'admin' || config.adminEmails.includes(user.email.toLowerCase())
  );
}

/** The signed-in user of a `user` route (the hook has already refused anonymous calls). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw unauthorized();
  return request.auth.user;
}

export const authContextPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; now?: () => Date }) => {
    const now = opts.now ?? (() => new Date());
    app.decorateRequest('auth', null);
    app.decorateRequest('tenant', null as unknown as Tenant);

    app.addHook('onRequest', async (request) => {
      // The sessions plugin read the session's user and company with the session itself.
      request.auth = request.sessionUser;

      // Unmatched paths have no route to ask and are answered 404 by the not-found handler.
      if (request.is404) return;
      // Access is what the matched route declares, never inferred from how its path was spelled.
      // Secure by default: a route that does not say otherwise is a tenant route.
      const access: Access = request.routeOptions.config?.access ?? 'tenant';
      if (access === 'public') return;
      if (!request.auth) throw unauthorized();
      if (access === 'user') return;

      const { user, company } = request.auth;
      if (access === 'manager') {
        if (!company) throw new AppError(403, 'no_company', 'Create or join a company first');
        if (!managesCompany(user)) throw forbidden(MANAGERS_ONLY_MESSAGE, 'managers_only');
        request.tenant = { companyId: company.id, userId: user.id, role: user.role };
        return;
      }
      const gate = accessFor(company, now());
      if (gate === 'no_company' || !company) {
        throw new AppError(403, 'no_company', 'Create or join a company first');
      }
      if (gate === 'payment_required') throw paymentRequired();
      if (access === 'admin' && !isAdmin(opts.config, user)) throw forbidden('Administrators only');
      request.tenant = { companyId: company.id, userId: user.id, role: user.role };
    });

    // The handler's database work runs for the caller's company (row-level security shows it that
    // company's rows only): the tenant's, or on a `user` route the signed-in user's own company.
    // Entered here, after body parsing, so that the handler and all it starts inherit it; a callback
    // hook, because the scope must wrap the call that runs the handler.
    app.addHook('preHandler', (request, _reply, done) => {
      const companyId = request.tenant?.companyId ?? request.auth?.company?.id;
      if (companyId === undefined) done();
      else runInTenantScope(companyId, done);
    });
  },
);

/**
 * Declares every route registered in `scope` public. For plugins that add routes of their own (the
 * API reference, the web app's files) and so cannot be given a route config where they are declared.
 */
export function declareRoutesPublic(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'public' };
  });
}

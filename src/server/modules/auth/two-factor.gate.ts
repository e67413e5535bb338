import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TWO_FACTOR_SETUP_REQUIRED } from '../../../contracts/two-factor.js';
import { forbidden } from '../../errors.js';

/**
 * A company that requires two-step sign-in: its users who have not set it up may use their account
 * (`user` routes, where the setup is) and nothing of the company's (`tenant`, `admin`, `manager`) until
 * they have. Registered after the auth context, so the session's user and company are known and a
 * visitor has already been refused.
 */
export const twoFactorGatePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const access = request.routeOptions.config?.access ?? 'tenant';
    if (access === 'public' || access === 'user') return;
    const auth = request.auth;
    if (!auth?.company?.twoFactorRequired || auth.user.twoFactorEnabledAt) return;
    throw forbidden(
      'Your company requires two-step sign-in. Set it up in your account before continuing.',
      TWO_FACTOR_SETUP_REQUIRED,
    );
  });
});

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorDto } from '../../../contracts/common.js';
import { pages } from '../../../contracts/pages.js';
import { api } from '../../../contracts/paths.js';
import type { AppContext } from '../../context.js';
import { googleNotConfigured, googleService } from './google.service.js';
import { awaitSecondStep } from './two-factor.session.js';

/** Where the browser lands after a refused or failed Google sign-in. */
export const GOOGLE_FAILURE_REDIRECT = '/signin?error=google';
/** Where the browser goes after Google when the user's second step is still to come. */
export const TWO_FACTOR_SIGN_IN_REDIRECT = pages.twoFactorSignIn;

/** The authorization response Google sends to the callback (all checked by openid-client). */
const googleCallbackQuery = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  scope: z.string().optional(),
  iss: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

const redirect = z.null().describe('Redirect (Location header)');

export async function googleRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const google = googleService(ctx, app.log);
  const tags = ['auth'];

  r.get(
    api.googleStart,
    {
      schema: {
        tags,
        summary: 'Start Google sign-in: redirects to Google (404 when Google sign-in is not configured)',
        response: { 302: redirect, 404: errorDto, 503: errorDto },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      if (!google.enabled) throw googleNotConfigured();
      const { url, pending } = await google.start();
      request.session.set('oidc', pending);
      return reply.redirect(url, 302);
    },
  );

  r.get(
    api.googleCallback,
    {
      schema: {
        tags,
        summary: `Google's redirect back: signs in and redirects to /, or to ${GOOGLE_FAILURE_REDIRECT} on failure`,
        querystring: googleCallbackQuery,
        response: { 302: redirect, 404: errorDto },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      if (!google.enabled) throw googleNotConfigured();
      const pending = request.session.get('oidc');
      if (pending) request.session.set('oidc', undefined); // single use, whatever happens next
      const queryStart = request.url.indexOf('?');
      let userId: string;
      let secondStep: boolean;
      try {
        const user = await google.finish(queryStart < 0 ? '' : request.url.slice(queryStart), pending);
        userId = user.id;
        secondStep = user.twoFactorEnabledAt !== null;
      } catch (err) {
        request.log.warn({ err }, 'Google sign-in failed');
        return reply.redirect(GOOGLE_FAILURE_REDIRECT, 302);
      }
      // Google is the first factor only: a user with two-step sign-in gives a code next.
      if (secondStep) {
        await awaitSecondStep(request.session, userId, ctx.now());
        return reply.redirect(TWO_FACTOR_SIGN_IN_REDIRECT, 302);
      }
      await request.session.regenerate();
      request.session.set('userId', userId);
      return reply.redirect('/', 302);
    },
  );
}

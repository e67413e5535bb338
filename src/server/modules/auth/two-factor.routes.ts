import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userDto } from '../../../contracts/auth.js';
import { errorResponses, okDto } from '../../../contracts/common.js';
import {
  companyTwoFactorBody,
  companyTwoFactorDto,
  reauthBody,
  recoveryCodesDto,
  twoFactorApi,
  twoFactorConfirmBody,
  twoFactorSetupDto,
  twoFactorStatusDto,
  twoFactorVerifyBody,
} from '../../../contracts/two-factor.js';
import type { AppContext } from '../../context.js';
import { unauthorized } from '../../errors.js';
import { currentUser } from '../../plugins/auth-context.js';
import { authService } from './auth.service.js';
import { signInClientOf } from './known-device.js';
import { type TwoFactorCaller, TwoFactorThrottled, twoFactorService } from './two-factor.service.js';
import { completeSignIn, pendingSecondStep } from './two-factor.session.js';
import { toUserDto } from './user.dto.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** A refusal for too many wrong codes says when to try again. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof TwoFactorThrottled) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}

const callerOf = (request: FastifyRequest): TwoFactorCaller => ({
  user: currentUser(request),
  company: request.auth?.company ?? null,
  sessionId: request.session.sessionId,
  signedInAt: request.session.createdAt,
  client: signInClientOf(request),
});

export async function twoFactorRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const twoFactor = twoFactorService(ctx);
  const auth = authService(ctx);
  const tags = ['auth'];

  r.get(
    twoFactorApi.status,
    {
      schema: {
        tags,
        summary: 'Whether two-step sign-in is on, and whether the company requires it',
        response: { 200: twoFactorStatusDto, ...errorResponses },
      },
      config: { access: 'user' },
    },
    async (request) => twoFactor.status(callerOf(request)),
  );

  r.post(
    twoFactorApi.setup,
    {
      schema: {
        tags,
        summary: 'Start turning on two-step sign-in (after re-authentication): a new secret for the app',
        body: reauthBody,
        response: { 200: twoFactorSetupDto, ...errorResponses },
      },
      config: { access: 'user' },
    },
    async (request, reply) =>
      withRetryAfter(reply, () => twoFactor.startSetup(callerOf(request), request.body)),
  );

  r.post(
    twoFactorApi.confirm,
    {
      schema: {
        tags,
        summary: 'Turn on two-step sign-in with a first code; answers the recovery codes (shown once)',
        body: twoFactorConfirmBody,
        response: { 200: recoveryCodesDto, ...errorResponses },
      },
      config: { access: 'user' },
    },
    async (request, reply) =>
      withRetryAfter(reply, () => twoFactor.confirm(callerOf(request), request.body.code)),
  );

  r.post(
    twoFactorApi.disable,
    {
      schema: {
        tags,
        summary: 'Turn off two-step sign-in (after re-authentication); ends the other sessions',
        body: reauthBody,
        response: { 200: okDto, ...errorResponses },
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      await withRetryAfter(reply, () => twoFactor.disable(callerOf(request), request.body));
      return { ok: true as const };
    },
  );

  r.post(
    twoFactorApi.recoveryCodes,
    {
      schema: {
        tags,
        summary:
          'New recovery codes (after re-authentication) replacing the old ones; ends the other sessions',
        body: reauthBody,
        response: { 200: recoveryCodesDto, ...errorResponses },
      },
      config: { access: 'user' },
    },
    async (request, reply) =>
      withRetryAfter(reply, () => twoFactor.regenerateRecoveryCodes(callerOf(request), request.body)),
  );

  r.post(
    twoFactorApi.verify,
    {
      schema: {
        tags,
        summary: 'The second step of signing in: a code of the app or a recovery code; answers the user',
        body: twoFactorVerifyBody,
        response: { 200: userDto, ...errorResponses },
      },
      config: { access: 'public', rateLimit: { max: 50, timeWindow: FIFTEEN_MINUTES } },
    },
    async (request, reply) => {
      const pending = pendingSecondStep(request.session, ctx.now());
      if (!pending) {
        throw unauthorized('Your sign-in has expired. Sign in again.', 'two_factor_not_pending');
      }
      const { userId, inviteToken } = pending;
      const signedIn = await withRetryAfter(reply, () =>
        auth.secondStep(userId, request.body.code, inviteToken),
      );
      if (!signedIn) throw unauthorized('Your sign-in has expired. Sign in again.', 'two_factor_not_pending');
      await completeSignIn(request.session, userId);
      return toUserDto(ctx.config, signedIn.user, signedIn.company);
    },
  );

  r.put(
    twoFactorApi.companyRequirement,
    {
      schema: {
        tags: ['companies'],
        summary: 'Require two-step sign-in of every user of the company (owner and admins)',
        body: companyTwoFactorBody,
        response: { 200: companyTwoFactorDto, ...errorResponses },
      },
      config: { access: 'manager' },
    },
    async (request) =>
      twoFactor.setCompanyRequirement(request.tenant.companyId, currentUser(request), request.body.required),
  );
}

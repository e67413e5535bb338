import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authConfigDto,
  passwordResetConfirmBody,
  passwordResetRequestBody,
  profileBody,
  signinBody,
  signupBody,
  testSessionDto,
  userDto,
} from '../../../contracts/auth.js';
import { errorResponses, okDto } from '../../../contracts/common.js';
import { api } from '../../../contracts/paths.js';
import { twoFactorChallengeDto } from '../../../contracts/two-factor.js';
import type { AppContext } from '../../context.js';
import { tooManyRequests } from '../../errors.js';
import { currentUser } from '../../plugins/auth-context.js';
import { authService } from './auth.service.js';
import { KNOWN_DEVICE_COOKIE, signInClientOf } from './known-device.js';
import { retryMessage } from './sign-in-policy.js';
import { signInThrottle } from './sign-in-throttle.service.js';
import { awaitSecondStep } from './two-factor.session.js';
import { toUserDto } from './user.dto.js';
import { usersRepo } from './users.repo.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/**
 * Sign-in requests per address, whatever the emails (a whole office can share one address). The limits
 * per email live in the database: see sign-in-policy.ts.
 */
export const SIGNIN_LIMIT_PER_IP = 50;
const RESET_LIMIT_PER_EMAIL = 5;

/** Lets this browser pass the per-account ceiling later (only on the sign-in route). */
function rememberDevice(reply: FastifyReply, cookie: { value: string; expires: Date }) {
  reply.setCookie(KNOWN_DEVICE_COOKIE, cookie.value, {
    path: api.authSignin,
    expires: cookie.expires,
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
  });
}

const emailKey = (prefix: string) => (request: { body?: unknown }) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${prefix}:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
};

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = authService(ctx);
  const stopPurging = signInThrottle(ctx).purgeHourly(app.log);
  app.addHook('onClose', async () => stopPurging());
  const resetPerEmail = app.createRateLimit({
    max: RESET_LIMIT_PER_EMAIL,
    timeWindow: FIFTEEN_MINUTES,
    keyGenerator: emailKey('reset'),
  });
  const tags = ['auth'];

  r.post(
    api.authSignup,
    {
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: signupBody,
        response: { 201: userDto, ...errorResponses },
      },
      config: { access: 'public', rateLimit: { max: 20, timeWindow: FIFTEEN_MINUTES } },
    },
    async (request, reply) => {
      const { user, deviceCookie } = await auth.signup(request.body, signInClientOf(request));
      rememberDevice(reply, deviceCookie);
      await request.session.regenerate();
      request.session.set('userId', user.id);
      // Signed up through an invitation, the new user already belongs to the inviting company.
      const company = user.companyId
        ? ((await usersRepo.findWithCompany(ctx.db, user.id))?.company ?? null)
        : null;
      return reply.code(201).send(toUserDto(ctx.config, user, company));
    },
  );

  r.post(
    api.authSignin,
    {
      schema: {
        tags,
        summary: 'Sign in with email and password (202: a second step is needed, see two-factor/verify)',
        body: signinBody,
        response: { 200: userDto, 202: twoFactorChallengeDto, ...errorResponses },
      },
      config: { access: 'public', rateLimit: { max: SIGNIN_LIMIT_PER_IP, timeWindow: FIFTEEN_MINUTES } },
    },
    async (request, reply) => {
      const result = await auth.signin(request.body, signInClientOf(request));
      if (!result.admitted) {
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw tooManyRequests(retryMessage(result.retryAfterSeconds));
      }
      const { user } = result;
      rememberDevice(reply, result.deviceCookie);
      // The password is the first factor only: the session signs in once the second passes too.
      if (user.twoFactorEnabledAt) {
        await awaitSecondStep(request.session, user.id, ctx.now(), request.body.inviteToken);
        return reply.code(202).send({ twoFactorRequired: true as const });
      }
      await request.session.regenerate();
      request.session.set('userId', user.id);
      const found = await usersRepo.findWithCompany(ctx.db, user.id);
      return toUserDto(ctx.config, user, found?.company ?? null);
    },
  );

  r.post(
    api.authLogout,
    {
      schema: { tags, summary: 'Sign out and end the server session', response: { 200: okDto } },
      config: { access: 'public' },
    },
    async (request) => {
      await request.session.destroy();
      return { ok: true as const };
    },
  );

  r.get(
    api.authUser,
    {
      schema: {
        tags,
        summary: 'The signed-in user with their company',
        response: { 200: userDto, ...errorResponses },
      },
      config: { access: 'user' },
    },
    async (request) => {
      const user = currentUser(request);
      return toUserDto(ctx.config, user, request.auth?.company ?? null);
    },
  );

  r.patch(
    api.authProfile,
    {
      schema: {
        tags,
        summary: 'Update first and last name',
        body: profileBody,
        response: { 200: userDto, ...errorResponses },
      },
      config: { access: 'user' },
    },
    async (request) => {
      const user = currentUser(request);
      const updated = await auth.updateProfile(user.id, user.email, request.body);
      return toUserDto(ctx.config, updated ?? user, request.auth?.company ?? null);
    },
  );

  r.post(
    api.passwordResetRequest,
    {
      schema: {
        tags,
        summary: 'Email a single-use password reset link (answers 200 whether or not the account exists)',
        body: passwordResetRequestBody,
        response: { 200: z.object({ message: z.string() }), ...errorResponses },
      },
      config: { access: 'public', rateLimit: { max: 20, timeWindow: FIFTEEN_MINUTES } },
    },
    async (request) => {
      const limit = await resetPerEmail(request);
      if (limit.isAllowed || !limit.isExceeded)
        await auth.requestPasswordReset(request.body.email, request.log);
      return { message: 'If an account exists for that email, a reset link is on its way.' };
    },
  );

  r.post(
    api.passwordResetConfirm,
    {
      schema: {
        tags,
        summary: 'Choose a new password with a reset token',
        body: passwordResetConfirmBody,
        response: { 200: okDto, ...errorResponses },
      },
      config: { access: 'public', rateLimit: { max: 20, timeWindow: FIFTEEN_MINUTES } },
    },
    async (request) => {
      await auth.confirmPasswordReset(request.body);
      return { ok: true as const };
    },
  );

  r.get(
    api.authConfig,
    {
      schema: { tags, summary: 'Which sign-in methods are available', response: { 200: authConfigDto } },
      config: { access: 'public' },
    },
    async () => ({ googleEnabled: Boolean(ctx.config.google) }),
  );

  r.get(
    api.login,
    {
      schema: {
        tags,
        summary: 'Start signing in: redirects to Google when configured, else to /signin',
        response: { 302: z.null() },
      },
      config: { access: 'public' },
    },
    async (_request, reply) => reply.redirect(ctx.config.google ? api.googleStart : '/signin', 302),
  );

  r.get(
    api.testSession,
    {
      schema: {
        tags,
        summary: 'Diagnostics of the current session (for /test-auth)',
        response: { 200: testSessionDto },
      },
      config: { access: 'public' },
    },
    async (request) => {
      const userId = request.auth?.user.id ?? null;
      const expires = request.session.cookie.expires;
      return {
        authenticated: Boolean(userId),
        sessionId: userId ? `${request.session.sessionId.slice(0, 8)}…` : null,
        userId,
        expires: userId && expires ? new Date(expires).toISOString() : null,
      };
    },
  );
}

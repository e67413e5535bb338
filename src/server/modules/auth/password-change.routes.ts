import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contracts/common.js';
import {
  passwordChangeBody,
  passwordChangeDto,
  passwordChangePath,
} from '../../../contracts/password-change.js';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../plugins/auth-context.js';
import { signInClientOf } from './known-device.js';
import { passwordChangeService } from './password-change.service.js';

/** Wrong current passwords are guessed no faster than sign-in allows one address. */
const CHANGES_PER_15_MINUTES = 10;

export async function passwordChangeRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = passwordChangeService(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    passwordChangePath,
    {
      schema: {
        tags: ['account'],
        summary: 'Change the signed-in user’s password: every session ends, and this browser gets a new one',
        body: passwordChangeBody,
        response: { 200: passwordChangeDto, ...errorResponses },
      },
      config: {
        access: 'user',
        rateLimit: { max: CHANGES_PER_15_MINUTES, timeWindow: 15 * 60 * 1000 },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ended = await service.change(user, signInClientOf(request), request.body);
      // The old session row is gone with the others; this browser stays signed in on a new id.
      await request.session.regenerate();
      request.session.set('userId', user.id);
      return { endedSessions: Math.max(0, ended - 1) };
    },
  );
}

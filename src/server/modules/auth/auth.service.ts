import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  PasswordResetConfirmBody,
  ProfileBody,
  SigninBody,
  SignupBody,
} from '../../../contracts/auth.js';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, unauthorized } from '../../errors.js';
import { destroyUserSessions } from '../../plugins/sessions.js';
import { invitesService } from '../team/invites.service.js';
import { refuseCommonPassword } from './common-passwords.js';
import { passwordHasher } from './passwords.js';
import { type Refused, type SignInClient, signInThrottle } from './sign-in-throttle.service.js';
import { twoFactorService } from './two-factor.service.js';
import { usersRepo } from './users.repo.js';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const INVALID_CREDENTIALS = 'Invalid email or password';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Whether a database error is a unique-constraint violation (PostgreSQL 23505), wrapped or not. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export function authService(ctx: AppContext) {
  const { db } = ctx;
  const throttle = signInThrottle(ctx);
  const invites = invitesService(ctx);
  const twoFactor = twoFactorService(ctx);
  const passwords = passwordHasher(ctx.config.passwordHashing);

  async function checkPassword(input: SigninBody) {
    const user = await usersRepo.findByEmail(db, input.email);
    if (!user?.passwordHash) {
      await passwords.verify(await passwords.decoy(), input.password);
      throw unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');
    }
    if (!(await passwords.verify(user.passwordHash, input.password))) {
      throw unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');
    }
    return user;
  }

  return {
    /** Creates the account; the client that created it is known to it from then on. */
    async signup(input: SignupBody, who: SignInClient) {
      const email = input.email.trim();
      if (await usersRepo.findByEmail(db, email)) throw emailInUse();
      await refuseCommonPassword(input.password);
      const passwordHash = await passwords.hash(input.password);
      let user: Awaited<ReturnType<typeof usersRepo.insert>>;
      try {
        // With an invitation the account is created and joins the company together, or not at all.
        user = await db.transaction(async (tx) => {
          const inserted = await usersRepo.insert(tx, {
            email,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
          });
          return input.inviteToken
            ? { ...inserted, ...(await invites.accept(tx, inserted, input.inviteToken)) }
            : inserted;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw emailInUse();
        throw err;
      }
      await throttle.signedInWithoutAttempt(email, who.ip);
      return { user, deviceCookie: throttle.deviceCookie(email) };
    },

    /**
     * Checks the password within the sign-in limits: a refused attempt answers when to try again
     * without looking at the password (the same for every email, existing or not); a wrong password
     * stays counted as a failure and answers 401.
     */
    async signin(input: SigninBody, who: SignInClient) {
      const attempt = await throttle.admit(input.email, who);
      if (!attempt.admitted) return attempt satisfies Refused;
      let user = await checkPassword(input);
      await throttle.succeeded(attempt);
      // With two-step sign-in the invitation waits for the second step (two-factor.routes.ts): the
      // password alone changes nothing of the account.
      if (input.inviteToken && !user.twoFactorEnabledAt) {
        const joined = await invites.acceptSignedIn(user, input.inviteToken);
        user = { ...user, ...joined.user };
      }
      return { admitted: true as const, user, deviceCookie: throttle.deviceCookie(input.email) };
    },

    /**
     * The second step of a sign-in: the code (the app's or a recovery code) within the user's code
     * limits, then the invitation the sign-in came with, joined now as a one-step sign-in joins it.
     * Answers the user and company to sign in as, or null when the account has gone meanwhile.
     */
    async secondStep(userId: string, code: string, inviteToken: string | undefined) {
      await twoFactor.verifySecondStep(userId, code);
      const found = await usersRepo.findWithCompany(db, userId);
      if (!found) return null;
      if (!inviteToken) return found;
      const joined = await invites.acceptSignedIn(found.user, inviteToken);
      return { user: { ...found.user, ...joined.user }, company: joined.company };
    },

    async updateProfile(userId: string, currentEmail: string, input: ProfileBody) {
      if (input.email.toLowerCase() !== currentEmail.toLowerCase()) {
        throw badRequest('Email cannot be changed', { email: 'Email cannot be changed' }, 'email_immutable');
      }
      return usersRepo.update(db, userId, { firstName: input.firstName, lastName: input.lastName });
    },

    /**
     * Sends a reset link when the account exists; answers the same either way. The mail goes out in
     * the background: neither a mail failure nor the mail server's latency may tell that the account exists.
     */
    async requestPasswordReset(email: string, log: Pick<FastifyBaseLogger, 'error'>) {
      const user = await usersRepo.findByEmail(db, email);
      if (!user) return;
      const token = randomBytes(32).toString('base64url');
      await usersRepo.insertResetToken(
        db,
        user.id,
        sha256(token),
        new Date(ctx.now().getTime() + RESET_TOKEN_TTL_MS),
      );
      const link = `${ctx.config.publicUrl}/password-reset?token=${token}`;
      const name = user.firstName ? ` ${user.firstName}` : '';
      void ctx.mailer
        .send({
          to: user.email,
          subject: 'Reset your password',
          text:
            `Hello${name},\n\nSomeone asked to reset the password of your Babe Construction Manager account.\n` +
            `Open this link within one hour to choose a new password:\n\n${link}\n\n` +
            'If it was not you, ignore this message: your password stays as it is.\n',
          html:
            `<p>Hello${escapeHtml(name)},</p><p>Someone asked to reset the password of your Babe Construction Manager account.` +
            ` Open this link within one hour to choose a new password:</p><p><a href="${link}">${link}</a></p>` +
            '<p>If it was not you, ignore this message: your password stays as it is.</p>',
        })
        .catch((err: unknown) =>
          log.error({ err, userId: user.id }, 'could not send the password reset mail'),
        );
    },

    async confirmPasswordReset(input: PasswordResetConfirmBody) {
      await refuseCommonPassword(input.password);
      const passwordHash = await passwords.hash(input.password);
      const userId = await db.transaction(async (tx) => {
        const id = await usersRepo.consumeResetToken(tx, sha256(input.token), ctx.now());
        if (!id) return undefined;
        await usersRepo.retireResetTokens(tx, id, ctx.now());
        await usersRepo.update(tx, id, { passwordHash });
        await destroyUserSessions(tx, id);
        return id;
      });
      if (!userId) {
        throw badRequest(
          'This reset link is invalid or has expired. Ask for a new one.',
          undefined,
          'invalid_token',
        );
      }
    },
  };
}

function emailInUse() {
  return conflict('email_in_use', 'Email already in use');
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

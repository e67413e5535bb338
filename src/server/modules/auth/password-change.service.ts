import type { PasswordChangeBody } from '../../../contracts/password-change.js';
import type { AppContext } from '../../context.js';
import { badRequest, tooManyRequests } from '../../errors.js';
import { destroyUserSessions } from '../../plugins/sessions.js';
import { refuseCommonPassword } from './common-passwords.js';
import { passwordHasher } from './passwords.js';
import { retryMessage } from './sign-in-policy.js';
import { type SignInClient, signInThrottle } from './sign-in-throttle.service.js';
import { usersRepo } from './users.repo.js';

/**
 * A signed-in user changes their password. The rule: every session the user has ends with the old
 * password, the asking one included; the route then gives the asking browser a new session, so the
 * person who just proved the current password stays signed in there and nowhere else.
 */
export function passwordChangeService(ctx: AppContext) {
  const passwords = passwordHasher(ctx.config.passwordHashing);
  const throttle = signInThrottle(ctx);
  return {
    /**
     * Answers how many sessions ended (the asking one among them). The current password is tried
     * within the sign-in limits of the account, so a session left open cannot be used to guess it.
     */
    async change(
      user: { id: string; email: string },
      client: SignInClient,
      input: PasswordChangeBody,
    ): Promise<number> {
      const userId = user.id;
      const found = await usersRepo.findWithCompany(ctx.db, userId);
      const currentHash = found?.user.passwordHash;
      if (!currentHash) {
        throw badRequest(
          'This account signs in with Google and has no password to change. Set one with “Forgot password”.',
          { currentPassword: 'This account has no password yet' },
          'no_password',
        );
      }
      const attempt = await throttle.admit(user.email, client);
      if (!attempt.admitted) throw tooManyRequests(retryMessage(attempt.retryAfterSeconds));
      if (!(await passwords.verify(currentHash, input.currentPassword))) {
        const message = 'The current password is not right';
        throw badRequest(message, { currentPassword: message }, 'wrong_password');
      }
      await throttle.succeeded(attempt);
      await refuseCommonPassword(input.newPassword, 'newPassword');
      const passwordHash = await passwords.hash(input.newPassword);
      return ctx.db.transaction(async (tx) => {
        await usersRepo.update(tx, userId, { passwordHash });
        return destroyUserSessions(tx, userId);
      });
    },
  };
}

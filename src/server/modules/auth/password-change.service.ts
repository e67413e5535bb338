import type { PasswordChangeBody } from '../../../contracts/password-change.js';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../errors.js';
import { endUserSessions } from '../sessions/sessions.service.js';
import { refuseCommonPassword } from './common-passwords.js';
import { passwordHasher } from './passwords.js';
import { usersRepo } from './users.repo.js';

/**
 * A signed-in user changes their password. The rule: every session the user has ends with the old
 * password, the asking one included; the route then gives the asking browser a new session, so the
 * person who just proved the current password stays signed in there and nowhere else.
 */
export function passwordChangeService(ctx: AppContext) {
  const passwords = passwordHasher(ctx.config.passwordHashing);
  return {
    /** Answers how many sessions ended (the asking one among them). */
    async change(userId: string, input: PasswordChangeBody): Promise<number> {
      const found = await usersRepo.findWithCompany(ctx.db, userId);
      const currentHash = found?.user.passwordHash;
      if (!currentHash) {
        throw badRequest(
          'This account signs in with Google and has no password to change. Set one with “Forgot password”.',
          { currentPassword: 'This account has no password yet' },
          'no_password',
        );
      }
      if (!(await passwords.verify(currentHash, input.currentPassword))) {
        const message = 'The current password is not right';
        throw badRequest(message, { currentPassword: message }, 'wrong_password');
      }
      await refuseCommonPassword(input.newPassword, 'newPassword');
      const passwordHash = await passwords.hash(input.newPassword);
      return ctx.db.transaction(async (tx) => {
        await usersRepo.update(tx, userId, { passwordHash });
        return endUserSessions(tx, userId);
      });
    },
  };
}

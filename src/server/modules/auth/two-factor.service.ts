import { Secret, TOTP } from 'otpauth';
import { type ReauthBody, type TwoFactorStatusDto, totpCode } from '../../../contracts/two-factor.js';
import type { AppContext } from '../../context.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import type { CompanyRow, UserRow } from '../../plugins/auth-context.js';
import { destroyUserSessions } from '../../plugins/sessions.js';
import { passwordHasher } from './passwords.js';
import { retryMessage, secondsUntil } from './sign-in-policy.js';
import { type SignInClient, signInThrottle } from './sign-in-throttle.service.js';
import { newRecoveryCode, recoveryCodeHash, secretBox } from './two-factor.crypto.js';
import { twoFactorRepo as repo } from './two-factor.repo.js';
import { twoFactorPolicy as policy } from './two-factor-policy.js';
import { usersRepo } from './users.repo.js';

const invalidCode = () =>
  badRequest(
    'That code is not right. Check your authenticator app and try again.',
    {
      code: 'That code is not right',
    },
    'invalid_code',
  );

/** Refused for too many wrong codes; carries when to try again (the route sends it as Retry-After). */
export class TwoFactorThrottled extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'rate_limited', retryMessage(retryAfterSeconds).replace('sign-in attempts', 'wrong codes'));
  }
}

/** Where the request stands: who, with which company, in which session, from which client. */
export interface TwoFactorCaller {
  user: UserRow;
  company: CompanyRow | null;
  sessionId: string;
  /** When this session's sign-in happened (null for one not stored yet: a sign-in of this request). */
  signedInAt: Date | null;
  client: SignInClient;
}

/** How recent a Google sign-in must be to stand for the account owner's proof. */
const FRESH_SIGN_IN_MS = 10 * 60_000;

export function twoFactorService(ctx: AppContext) {
  const { db } = ctx;
  const box = secretBox(ctx.config.sessionSecret);
  const passwords = passwordHasher(ctx.config.passwordHashing);
  const throttle = signInThrottle(ctx);

  const totp = (secret: Secret, label: string) =>
    new TOTP({
      issuer: policy.issuer,
      label,
      algorithm: 'SHA1',
      digits: policy.digits,
      period: policy.period,
      secret,
    });

  /** Counts the attempt against the user's limit of wrong codes before anything is checked. */
  async function admit(userId: string): Promise<void> {
    const now = ctx.now();
    if (await repo.countAttempt(db, userId, now)) return;
    const until = await repo.blockedUntil(db, userId);
    throw new TwoFactorThrottled(until ? secondsUntil(until, now) : 1);
  }

  /**
   * Checks a code of the user's app: counted first, and accepted once only (a code of the time step
   * last accepted, or of an earlier one, is refused even while it is still shown).
   */
  async function checkAppCode(userId: string, code: string): Promise<void> {
    await admit(userId);
    const row = await repo.find(db, userId);
    const secret = row && box.open(row.secretEncrypted, userId);
    if (!secret) throw invalidCode();
    const timestamp = ctx.now().getTime();
    const generator = totp(Secret.fromBase32(secret), userId);
    const delta = generator.validate({ token: code, timestamp, window: policy.window });
    if (delta === null) throw invalidCode();
    if (!(await repo.acceptStep(db, userId, generator.counter({ timestamp }) + delta))) {
      throw badRequest(
        'That code was already used. Wait for the next one in your authenticator app.',
        { code: 'That code was already used' },
        'code_already_used',
      );
    }
    await repo.clearFailures(db, userId);
  }

  /**
   * The person at the keyboard proves to be the account's owner: the password (within the sign-in
   * limits, so a left-open session cannot be used to guess it), or for an account without one
   * (Google sign-in) a current code of the app, when there is one.
   */
  async function reauthenticate(caller: TwoFactorCaller, body: ReauthBody): Promise<void> {
    const found = await usersRepo.findWithCompany(db, caller.user.id);
    const passwordHash = found?.user.passwordHash;
    if (passwordHash) {
      if (!body.password) {
        throw badRequest(
          'Enter your current password',
          { password: 'Enter your current password' },
          'reauth_required',
        );
      }
      const attempt = await throttle.admit(caller.user.email, caller.client);
      if (!attempt.admitted) throw new TwoFactorThrottled(attempt.retryAfterSeconds);
      if (!(await passwords.verify(passwordHash, body.password))) {
        throw badRequest(
          'That password is not right',
          { password: 'That password is not right' },
          'reauth_failed',
        );
      }
      await throttle.succeeded(attempt);
      return;
    }
    if (caller.user.twoFactorEnabledAt) {
      if (!body.code)
        throw badRequest(
          'Enter a code from your authenticator app',
          { code: 'Enter a code' },
          'reauth_required',
        );
      await checkAppCode(caller.user.id, body.code);
    }
    // No password and no app yet (a Google account turning it on): a Google sign-in of the last few
    // minutes is the proof (a session left open for days is not), and confirming the setup takes a
    // code of the new app.
    const signedInAt = caller.signedInAt?.getTime() ?? ctx.now().getTime();
    if (ctx.now().getTime() - signedInAt > FRESH_SIGN_IN_MS) {
      throw badRequest(
        'Sign in with Google again, then turn on two-step sign-in within 10 minutes',
        { reauth: 'Sign in again first' },
        'reauth_required',
      );
    }
  }

  const notEnabled = () => conflict('two_factor_not_enabled', 'Two-step sign-in is not turned on');

  /** New recovery codes replace the old ones; the plain codes are answered once and never kept. */
  function freshRecoveryCodes(): { plain: string[]; hashes: string[] } {
    const plain = Array.from({ length: policy.recoveryCodeCount }, newRecoveryCode);
    return { plain, hashes: plain.map(recoveryCodeHash) };
  }

  return {
    /** Whether the second step is needed after this user's first factor. */
    needsSecondStep: (user: Pick<UserRow, 'twoFactorEnabledAt'>) => user.twoFactorEnabledAt !== null,

    async status(caller: Pick<TwoFactorCaller, 'user' | 'company'>): Promise<TwoFactorStatusDto> {
      const found = await usersRepo.findWithCompany(db, caller.user.id);
      return {
        enabled: caller.user.twoFactorEnabledAt !== null,
        requiredByCompany: caller.company?.twoFactorRequired ?? false,
        recoveryCodesLeft: caller.user.twoFactorEnabledAt
          ? await repo.recoveryCodesLeft(db, caller.user.id)
          : 0,
        hasPassword: Boolean(found?.user.passwordHash),
      };
    },

    /** A new secret for the app (not yet in use: `confirm` turns it on). */
    async startSetup(caller: TwoFactorCaller, body: ReauthBody) {
      if (caller.user.twoFactorEnabledAt) {
        throw conflict('two_factor_already_enabled', 'Two-step sign-in is already on');
      }
      await reauthenticate(caller, body);
      const secret = new Secret({ size: 20 });
      await repo.saveSecret(db, caller.user.id, box.seal(secret.base32, caller.user.id));
      return { secret: secret.base32, otpauthUri: totp(secret, caller.user.email).toString() };
    },

    /**
     * Turns it on with a first code of the new app; answers the recovery codes. The user's other
     * sessions end (they were opened without a second step).
     */
    async confirm(caller: TwoFactorCaller, code: string) {
      if (caller.user.twoFactorEnabledAt) {
        throw conflict('two_factor_already_enabled', 'Two-step sign-in is already on');
      }
      if (!(await repo.find(db, caller.user.id))) {
        throw conflict('two_factor_setup_not_started', 'Start the setup first');
      }
      await checkAppCode(caller.user.id, code);
      const { plain, hashes } = freshRecoveryCodes();
      await db.transaction(async (tx) => {
        await repo.setEnabledAt(tx, caller.user.id, ctx.now());
        await repo.replaceRecoveryCodes(tx, caller.user.id, hashes);
        await destroyUserSessions(tx, caller.user.id, caller.sessionId);
      });
      return { recoveryCodes: plain };
    },

    async disable(caller: TwoFactorCaller, body: ReauthBody): Promise<void> {
      if (!caller.user.twoFactorEnabledAt) throw notEnabled();
      if (caller.company?.twoFactorRequired) {
        throw conflict(
          'two_factor_required_by_company',
          'Your company requires two-step sign-in, so it cannot be turned off',
        );
      }
      await reauthenticate(caller, body);
      await db.transaction(async (tx) => {
        await repo.remove(tx, caller.user.id);
        await repo.setEnabledAt(tx, caller.user.id, null);
        await destroyUserSessions(tx, caller.user.id, caller.sessionId);
      });
    },

    async regenerateRecoveryCodes(caller: TwoFactorCaller, body: ReauthBody) {
      if (!caller.user.twoFactorEnabledAt) throw notEnabled();
      await reauthenticate(caller, body);
      const { plain, hashes } = freshRecoveryCodes();
      await db.transaction(async (tx) => {
        await repo.replaceRecoveryCodes(tx, caller.user.id, hashes);
        await destroyUserSessions(tx, caller.user.id, caller.sessionId);
      });
      return { recoveryCodes: plain };
    },

    /** The second step of a sign-in: a code of the app (6 digits) or an unused recovery code. */
    async verifySecondStep(userId: string, code: string): Promise<void> {
      const trimmed = code.trim();
      if (totpCode.safeParse(trimmed).success) return checkAppCode(userId, trimmed);
      await admit(userId);
      if (!(await repo.spendRecoveryCode(db, userId, recoveryCodeHash(trimmed), ctx.now()))) {
        throw badRequest(
          'That recovery code is not right or was already used.',
          { code: 'That recovery code is not right or was already used' },
          'invalid_code',
        );
      }
      await repo.clearFailures(db, userId);
    },

    /**
     * The company's requirement. Whoever turns it on must have it on themselves, or they would lock
     * themselves out of the company's work until they set it up.
     */
    async setCompanyRequirement(companyId: number, user: UserRow, required: boolean) {
      if (required && !user.twoFactorEnabledAt) {
        throw conflict(
          'two_factor_setup_first',
          'Turn on two-step sign-in for your own account before requiring it of everyone',
        );
      }
      await repo.setCompanyRequirement(db, companyId, required);
      return { required };
    },
  };
}

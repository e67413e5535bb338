import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { api } from '../../../contracts/paths.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { UserRow } from '../../plugins/auth-context.js';
import { isUniqueViolation } from './auth.service.js';
import { usersRepo } from './users.repo.js';

/** What the session keeps between the redirect to Google and the callback. */
export interface PendingGoogleSignIn {
  codeVerifier: string;
  state: string;
  nonce: string;
}

export const GOOGLE_SCOPE = 'openid email profile';
/** Plain-HTTP issuers are accepted only on the loopback interface (tests, local development). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const DISCOVERY_TIMEOUT_SECONDS = 10;

export const googleNotConfigured = () =>
  new AppError(404, 'google_not_configured', 'Google sign-in is not configured');

const googleUnavailable = () =>
  new AppError(
    503,
    'google_unavailable',
    'Google sign-in is unavailable right now. Try again in a few minutes or sign in with your password.',
  );

/** Why a Google sign-in was refused. Logged; the user only sees /signin?error=google. */
export class GoogleSignInError extends Error {
  override readonly name = 'GoogleSignInError';
}

const optionalText = z
  .string()
  .trim()
  .transform((s) => s.slice(0, 100) || undefined)
  .optional()
  .catch(undefined);

/** The ID token claims we use (Google puts them in the ID token for the `email profile` scopes). */
const googleClaims = z.object({
  sub: z.string().min(1),
  email: z.string().trim().min(3).max(254).includes('@').optional(),
  // Google has been known to send the string "true"; anything but true means "not verified".
  email_verified: z.preprocess((v) => v === true || v === 'true', z.boolean()),
  given_name: optionalText,
  family_name: optionalText,
  picture: z.url().max(2000).optional().catch(undefined),
});
export type GoogleClaims = z.infer<typeof googleClaims>;

/**
 * Google sign-in with OpenID Connect (authorization code + PKCE, state and nonce).
 * One instance per app: the issuer's discovered configuration is cached in it.
 */
export function googleService(ctx: AppContext, log: Pick<FastifyBaseLogger, 'warn'>) {
  const google = ctx.config.google;
  const redirectUri = `${ctx.config.publicUrl}${api.googleCallback}`;
  let discovered: Promise<oidc.Configuration> | undefined;

  /** The issuer's configuration, discovered once; a failed discovery is retried on the next call. */
  function configuration(): Promise<oidc.Configuration> {
    if (!google) throw googleNotConfigured();
    if (!discovered) {
      const issuer = new URL(google.issuer);
      const insecureAllowed = issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
      const attempt = oidc
        .discovery(issuer, google.clientId, google.clientSecret, undefined, {
          timeout: DISCOVERY_TIMEOUT_SECONDS,
          execute: insecureAllowed ? [oidc.allowInsecureRequests] : [],
        })
        .catch((err: unknown) => {
          if (discovered === attempt) discovered = undefined;
          log.warn({ err, issuer: google.issuer }, 'OpenID Connect discovery of the Google issuer failed');
          throw googleUnavailable();
        });
      discovered = attempt;
    }
    return discovered;
  }

  /** Finds the user of a Google identity, links it to an account with the same verified email, or creates one. */
  async function userFor(claims: GoogleClaims): Promise<UserRow> {
    return ctx.db.transaction(async (tx) => {
      const known = await usersRepo.findByGoogleSubject(tx, claims.sub);
      if (known) return known;
      if (!claims.email) throw new GoogleSignInError('the ID token has no email claim');

      const sameEmail = await usersRepo.findByEmail(tx, claims.email);
      if (sameEmail) {
        if (!claims.email_verified) {
          throw new GoogleSignInError(
            `an account with ${claims.email} exists but Google has not verified that email: not linking`,
          );
        }
        if (sameEmail.googleSubject) {
          throw new GoogleSignInError(
            `the account with ${claims.email} is already linked to another Google identity`,
          );
        }
        const linked = await usersRepo.update(tx, sameEmail.id, {
          googleSubject: claims.sub,
          profileImageUrl: sameEmail.profileImageUrl ?? claims.picture ?? null,
        });
        if (!linked) throw new GoogleSignInError('the account to link disappeared');
        return linked;
      }

      return usersRepo.insert(tx, {
        email: claims.email,
        passwordHash: null,
        firstName: claims.given_name ?? null,
        lastName: claims.family_name ?? null,
        profileImageUrl: claims.picture ?? null,
        googleSubject: claims.sub,
      });
    });
  }

  return {
    enabled: Boolean(google),

    /** The URL to send the browser to, and what the session must keep until the callback. */
    async start(): Promise<{ url: string; pending: PendingGoogleSignIn }> {
      const config = await configuration();
      const pending: PendingGoogleSignIn = {
        codeVerifier: oidc.randomPKCECodeVerifier(),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: GOOGLE_SCOPE,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url: url.href, pending };
    },

    /**
     * Completes the sign-in from the callback's query string: checks state, nonce and PKCE while
     * exchanging the code, then answers the user. Throws on any failure (denied consent included).
     */
    async finish(search: string, pending: PendingGoogleSignIn | undefined): Promise<UserRow> {
      if (!pending) throw new GoogleSignInError('no Google sign-in is in progress in this session');
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, new URL(`${redirectUri}${search}`), {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const parsed = googleClaims.safeParse(tokens.claims());
      if (!parsed.success) {
        throw new GoogleSignInError(`unexpected ID token claims: ${parsed.error.message}`);
      }
      try {
        return await userFor(parsed.data);
      } catch (err) {
        // Two callbacks of the same new identity at once: the loser finds the winner's row.
        if (isUniqueViolation(err)) return userFor(parsed.data);
        throw err;
      }
    },
  };
}

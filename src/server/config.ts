import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { PasswordHashing } from './modules/auth/passwords.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/**
 * A size as PostgreSQL writes it (`128kB`, `32MB`, `1GB`) in kilobytes; undefined for anything else.
 * The embedded database refuses to start below 128kB, and its memory ends at a few gigabytes.
 */
function sizeInKb(size: string): number | undefined {
  const match = /^([1-9]\d{0,6})(kB|MB|GB)$/.exec(size);
  if (!match) return undefined;
  return Number(match[1]) * { kB: 1, MB: 1024, GB: 1024 * 1024 }[match[2] as 'kB' | 'MB' | 'GB'];
}

/** Every environment variable the server reads. Nothing else reads `process.env`. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /**
   * The tables' owner, who migrates; DATABASE_URL is then the app's own login (docs/security.md).
   * Unset: DATABASE_URL migrates too.
   */
  MIGRATION_DATABASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** Row-level security between companies; `off` is a benchmark and debugging switch, never for use. */
  DATABASE_RLS: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('on')),
  /**
   * The embedded database's buffer cache (PostgreSQL's shared_buffers, e.g. 16MB); unset, PGlite's
   * 128MB. Every start clears the whole cache, so a smaller one starts faster and holds less memory.
   */
  PGLITE_SHARED_BUFFERS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((size) => {
        const kB = sizeInKb(size);
        return kB !== undefined && kB >= 128 && kB <= 1024 * 1024;
      }, 'a size in kB, MB or GB from 128kB to 1GB, such as 32MB')
      .optional(),
  ),
  SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  /** Minutes without a request after which a session ends (docs/security.md, Sessions). */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(60 * 24 * 30)
    .default(8 * 60),
  /** Days after sign-in after which a session ends however much it is used. */
  SESSION_MAX_DAYS: z.coerce.number().positive().max(90).default(7),
  TRIAL_DAYS: z.coerce.number().int().min(0).max(3650).default(14),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, bool.default(false)),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** Comma-separated origins (`https://app.example.com`) whose pages may call the API; none by default. */
  CORS_ORIGINS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().optional()),
  MAIL_FROM: z.string().default('Babe Construction Manager <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  ADMIN_EMAILS: z.string().default(''),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(25),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, bool.default(false)),
  WEB_DIST_DIR: z.string().default('./dist/web'),
  MAX_PDF_PAGES: z.coerce.number().int().positive().max(10_000).default(200),
  /** Seconds of OCR allowed per page before the upload is answered 422. */
  OCR_PAGE_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(60),
  /** tesseract.js workers kept for OCR (reused through its scheduler). */
  OCR_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /** builtin (offline, deterministic) or model (an OpenAI-compatible endpoint; needs AI_BASE_URL or AI_API_KEY). */
  ANALYZER: z.preprocess(emptyAsUndefined, z.enum(['builtin', 'model']).optional()),
  AI_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  AI_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  AI_MODEL: z.preprocess(emptyAsUndefined, z.string().default('gpt-4o-mini')),
  /** Seconds to wait for the language model before falling back to the built-in analyzer. */
  AI_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(60),
  /** Billing with Stripe: the secret key turns it on; the four companions below are then required. */
  STRIPE_SECRET_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^pk_(test|live)_\S+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^whsec_\S+$/, 'must be a webhook signing secret (whsec_…)')
      .optional(),
  ),
  STRIPE_PRICE_MONTHLY: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^\S+$/, 'must be a Stripe price id (price_…)').optional(),
  ),
  STRIPE_PRICE_YEARLY: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^\S+$/, 'must be a Stripe price id (price_…)').optional(),
  ),
  /** Hours an emailed team invitation link stays usable. */
  INVITE_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(7 * 24),
  /** Whether this server runs the reminder job (mails due task reminders); default on, off under NODE_ENV=test. */
  REMINDERS_ENABLED: z.preprocess(emptyAsUndefined, bool.optional()),
  /** Seconds between two scans for due reminders. */
  REMINDER_INTERVAL_SECONDS: z.coerce.number().positive().max(86_400).default(60),
  /** Where the Stripe API is reached instead of api.stripe.com (stripe-mock, a test stand-in). */
  STRIPE_API_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Who migrates when it is not DATABASE_URL's user: the tables' owner. */
  migrationDatabaseUrl: string | undefined;
  /** Row-level security between companies (false only for benchmarks and debugging). */
  databaseRls: boolean;
  /** The embedded database's buffer cache (PostgreSQL's shared_buffers); unset, PGlite's default. */
  pgliteSharedBuffers: string | undefined;
  sessionSecret: string;
  /** How long a session lasts: without use, and at most from sign-in. */
  session: { idleMs: number; maxMs: number };
  trialDays: number;
  trustProxy: boolean;
  publicUrl: string;
  /** Other sites' origins whose pages may call the API (CORS); the app's own always may. */
  corsOrigins: string[];
  logLevel: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  adminEmails: string[];
  maxUploadBytes: number;
  /** Where uploaded documents are kept: files under DATA_DIR/files, or an S3-compatible bucket. */
  storage: StorageConfig;
  webDistDir: string;
  /** Limits of `POST /api/parse-pdf`. */
  ingestion: {
    maxPdfPages: number;
    ocrPageTimeoutMs: number;
    ocrWorkers: number;
    /**
     * The file reader's compiled script when the server runs from its TypeScript sources (the tests
     * set their build's); never read from the environment. Unset: the reader beside the server's code.
     */
    readerScript?: string | undefined;
    /** The same for the estimate analysis thread's compiled worker. */
    analysisScript?: string | undefined;
  };
  /**
   * Estimate analysis: the built-in analyzer, or a language model behind an OpenAI-compatible
   * chat-completions endpoint (falls back to the built-in one on any failure).
   */
  analyzer:
    | { kind: 'builtin' }
    | {
        kind: 'model';
        baseUrl: string | undefined;
        apiKey: string | undefined;
        model: string;
        timeoutMs: number;
      };
  /** Who takes payments: the built-in provider (no card), or Stripe when its secret key is set. */
  billing: BillingConfig;
  /** How long a team invitation link stays usable. */
  inviteTtlMs: number;
  /** The reminder job: whether this server runs it, and how often it looks for due reminders. */
  reminders: { enabled: boolean; intervalMs: number };
  /**
   * The parameters new password hashes are made with; never read from the environment. Unset: the
   * standard ones (`STANDARD_PASSWORD_HASHING`). Test servers set cheaper ones: a test run signs up
   * users by the thousand, and the standard hash is tens of milliseconds of CPU each time.
   */
  passwordHashing?: PasswordHashing | undefined;
}

export type BillingConfig =
  | { kind: 'builtin' }
  | {
      kind: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      /** The Stripe price of each billing choice. */
      prices: { monthly: string; yearly: string };
      /** The API's address when it is not api.stripe.com. */
      api: { protocol: 'http' | 'https'; host: string; port: number } | undefined;
    };

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      /** Both set, or neither (then the SDK's default credential chain applies). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {}

/** Parses the environment once. A bad value stops start-up with one clear line. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  if (e.MIGRATION_DATABASE_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid environment variable MIGRATION_DATABASE_URL: set DATABASE_URL too (the app connects with it)',
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid environment variable S3_ACCESS_KEY_ID: set it together with S3_SECRET_ACCESS_KEY',
    );
  }
  const storage: StorageConfig = e.S3_BUCKET
    ? {
        kind: 's3',
        bucket: e.S3_BUCKET,
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        credentials:
          e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
            : undefined,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      }
    : { kind: 'local', dir: join(dataDir, 'files') };
  const google =
    e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
      : undefined;
  const wantsModel =
    e.ANALYZER === 'model' || (e.ANALYZER === undefined && Boolean(e.AI_BASE_URL || e.AI_API_KEY));
  if (wantsModel && !e.AI_BASE_URL && !e.AI_API_KEY) {
    throw new ConfigError('Invalid environment variable ANALYZER: "model" needs AI_BASE_URL or AI_API_KEY');
  }
  const analyzer: Config['analyzer'] = wantsModel
    ? {
        kind: 'model',
        baseUrl: e.AI_BASE_URL,
        apiKey: e.AI_API_KEY,
        model: e.AI_MODEL,
        timeoutMs: Math.round(e.AI_TIMEOUT_SECONDS * 1000),
      }
    : { kind: 'builtin' };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    databaseRls: e.DATABASE_RLS === 'on',
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir),
    session: sessionLifetime(e.SESSION_IDLE_MINUTES, e.SESSION_MAX_DAYS),
    trialDays: e.TRIAL_DAYS,
    trustProxy: e.TRUST_PROXY,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    corsOrigins: corsOrigins(e.CORS_ORIGINS),
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    storage,
    webDistDir: resolve(e.WEB_DIST_DIR),
    ingestion: {
      maxPdfPages: e.MAX_PDF_PAGES,
      ocrPageTimeoutMs: Math.round(e.OCR_PAGE_TIMEOUT_SECONDS * 1000),
      ocrWorkers: e.OCR_WORKERS,
    },
    analyzer,
    billing: billingConfig(e),
    inviteTtlMs: Math.round(e.INVITE_TTL_HOURS * 3_600_000),
    reminders: {
      enabled: e.REMINDERS_ENABLED ?? e.NODE_ENV !== 'test',
      intervalMs: Math.round(e.REMINDER_INTERVAL_SECONDS * 1000),
    },
  };
}

/**
 * Each origin exactly as a browser sends it in `Origin`: scheme, host and port, nothing else. A `*`
 * or a path is refused rather than guessed at: the list decides who may call the API with a user's
 * cookie.
 */
function corsOrigins(list: string): string[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL | undefined;
      try {
        url = new URL(entry);
      } catch {
        url = undefined;
      }
      const origin = url?.origin;
      if (
        !url ||
        !/^https?:$/.test(url.protocol) ||
        !origin ||
        entry.replace(/\/$/, '').toLowerCase() !== origin
      ) {
        throw new ConfigError(
          `Invalid environment variable CORS_ORIGINS: "${entry}" is not an origin such as https://app.example.com`,
        );
      }
      return origin;
    });
}

/** An idle timeout longer than the whole lifetime would never apply: refused rather than ignored. */
function sessionLifetime(idleMinutes: number, maxDays: number): Config['session'] {
  const idleMs = idleMinutes * 60_000;
  const maxMs = Math.round(maxDays * 86_400_000);
  if (idleMs > maxMs) {
    throw new ConfigError(
      'Invalid environment variable SESSION_IDLE_MINUTES: longer than SESSION_MAX_DAYS, the whole session lifetime',
    );
  }
  return { idleMs, maxMs };
}

const STRIPE_COMPANIONS = [
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_MONTHLY',
  'STRIPE_PRICE_YEARLY',
] as const;

/**
 * Stripe is used when its secret key is set, and then only with all four companions: a half
 * configured Stripe would take sign-ups it cannot bill, so it stops start-up instead. A companion
 * set without the key is refused too (it would be silently ignored), as are test and live keys mixed.
 */
function billingConfig(e: z.output<typeof envSchema>): BillingConfig {
  const secretKey = e.STRIPE_SECRET_KEY;
  if (!secretKey) {
    const stray = STRIPE_COMPANIONS.find((name) => e[name] !== undefined);
    if (stray) {
      throw new ConfigError(
        `Invalid environment variable STRIPE_SECRET_KEY: required when ${stray} is set (Stripe billing needs all five STRIPE_ variables)`,
      );
    }
    return { kind: 'builtin' };
  }
  const missing = STRIPE_COMPANIONS.find((name) => e[name] === undefined);
  if (missing) {
    throw new ConfigError(
      `Invalid environment variable ${missing}: required with STRIPE_SECRET_KEY (Stripe billing needs all five STRIPE_ variables)`,
    );
  }
  const { STRIPE_PUBLISHABLE_KEY: publishableKey = '', STRIPE_WEBHOOK_SECRET: webhookSecret = '' } = e;
  const live = (key: string) => key.split('_')[1] === 'live';
  if (live(secretKey) !== live(publishableKey)) {
    throw new ConfigError(
      'Invalid environment variable STRIPE_PUBLISHABLE_KEY: test and live keys are mixed with STRIPE_SECRET_KEY',
    );
  }
  const api = e.STRIPE_API_URL ? new URL(e.STRIPE_API_URL) : undefined;
  const protocol = api?.protocol === 'http:' ? 'http' : 'https';
  return {
    kind: 'stripe',
    secretKey,
    publishableKey,
    webhookSecret,
    prices: { monthly: e.STRIPE_PRICE_MONTHLY ?? '', yearly: e.STRIPE_PRICE_YEARLY ?? '' },
    api: api
      ? {
          protocol,
          host: api.hostname,
          port: api.port ? Number(api.port) : protocol === 'http' ? 80 : 443,
        }
      : undefined,
  };
}

/** The session secret is generated on first start and kept under DATA_DIR so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: fall through and create it
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

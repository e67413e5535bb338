import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/babe-config-test' };
const stripe = {
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
  STRIPE_PRICE_MONTHLY: 'price_m',
  STRIPE_PRICE_YEARLY: 'price_y',
};

describe('billing configuration', () => {
  it('uses the built-in provider without Stripe variables (blank ones count as unset)', () => {
    expect(loadConfig(base).billing).toEqual({ kind: 'builtin' });
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: '' }).billing).toEqual({ kind: 'builtin' });
  });

  it('uses Stripe with the secret key and its four companions', () => {
    expect(loadConfig({ ...base, ...stripe }).billing).toEqual({
      kind: 'stripe',
      secretKey: 'sk_test_123',
      publishableKey: 'pk_test_123',
      webhookSecret: 'whsec_123',
      prices: { monthly: 'price_m', yearly: 'price_y' },
      api: undefined,
    });
    expect(
      loadConfig({ ...base, ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' }).billing,
    ).toMatchObject({ api: { protocol: 'http', host: '127.0.0.1', port: 12111 } });
  });

  it.each([
    [
      'a companion missing',
      { ...stripe, STRIPE_WEBHOOK_SECRET: '' },
      'Invalid environment variable STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (Stripe billing needs all five STRIPE_ variables)',
    ],
    [
      'a companion without the key',
      { STRIPE_PRICE_YEARLY: 'price_y' },
      'Invalid environment variable STRIPE_SECRET_KEY: required when STRIPE_PRICE_YEARLY is set (Stripe billing needs all five STRIPE_ variables)',
    ],
    [
      'a publishable key as the secret key',
      { ...stripe, STRIPE_SECRET_KEY: 'pk_test_123' },
      'Invalid environment variable STRIPE_SECRET_KEY: must be a Stripe secret key (sk_test_… or sk_live_…)',
    ],
    [
      'a webhook secret of another kind',
      { ...stripe, STRIPE_WEBHOOK_SECRET: 'sk_test_1' },
      'Invalid environment variable STRIPE_WEBHOOK_SECRET: must be a webhook signing secret (whsec_…)',
    ],
    [
      'test and live keys mixed',
      { ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_live_123' },
      'Invalid environment variable STRIPE_PUBLISHABLE_KEY: test and live keys are mixed with STRIPE_SECRET_KEY',
    ],
  ])('stops start-up with one line for %s', (_label, env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
    expect(message).not.toContain('\n');
  });
});

describe('database configuration', () => {
  const app = 'postgres://app@db.example:5432/babe';
  const owner = 'postgres://owner@db.example:5432/babe';

  it('migrates with the app’s URL when no migration URL is given, row-level security on', () => {
    const config = loadConfig({ ...base, DATABASE_URL: app });
    expect(config).toMatchObject({ databaseUrl: app, migrationDatabaseUrl: undefined, databaseRls: true });
  });

  it('keeps the owner’s URL apart for migrating', () => {
    const config = loadConfig({ ...base, DATABASE_URL: app, MIGRATION_DATABASE_URL: owner });
    expect(config).toMatchObject({ databaseUrl: app, migrationDatabaseUrl: owner });
  });

  it('turns row-level security off only when told exactly', () => {
    expect(loadConfig({ ...base, DATABASE_RLS: 'off' }).databaseRls).toBe(false);
    expect(loadConfig({ ...base, DATABASE_RLS: '' }).databaseRls).toBe(true);
    expect(() => loadConfig({ ...base, DATABASE_RLS: 'no' })).toThrow(
      /^Invalid environment variable DATABASE_RLS/,
    );
  });

  it('takes the embedded database’s cache size as PostgreSQL writes sizes', () => {
    expect(loadConfig(base).pgliteSharedBuffers).toBeUndefined();
    expect(loadConfig({ ...base, PGLITE_SHARED_BUFFERS: '' }).pgliteSharedBuffers).toBeUndefined();
    expect(loadConfig({ ...base, PGLITE_SHARED_BUFFERS: '32MB' }).pgliteSharedBuffers).toBe('32MB');
    expect(loadConfig({ ...base, PGLITE_SHARED_BUFFERS: '128kB' }).pgliteSharedBuffers).toBe('128kB');
    expect(loadConfig({ ...base, PGLITE_SHARED_BUFFERS: '1GB' }).pgliteSharedBuffers).toBe('1GB');
    // Below 128kB the embedded database does not start; 1GB is the most its memory is allowed to hold.
    for (const bad of ['32', '32 MB', '32mb', '0MB', '32MB; drop table users', '64kB', '2GB', '99999999MB']) {
      expect(() => loadConfig({ ...base, PGLITE_SHARED_BUFFERS: bad })).toThrow(
        /^Invalid environment variable PGLITE_SHARED_BUFFERS: a size in kB, MB or GB from 128kB to 1GB/,
      );
    }
  });

  it('refuses a migration URL without the app’s', () => {
    expect(() => loadConfig({ ...base, MIGRATION_DATABASE_URL: owner })).toThrow(
      'Invalid environment variable MIGRATION_DATABASE_URL: set DATABASE_URL too (the app connects with it)',
    );
  });
});

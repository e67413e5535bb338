/**
 * Upkeep claimed once per period across servers: of many claims at the same moment (each its own
 * connection on PostgreSQL, as several servers' would be) exactly one wins, and the next claim
 * succeeds only once the period has nearly passed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database.js';
import type { Database } from './client.js';
import { claimPeriodicRun } from './periodic-runs.js';

const HOUR = 60 * 60 * 1000;
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop();
});

describe('claimPeriodicRun', () => {
  it('lets one of many simultaneous claims win', async () => {
    const at = new Date('2026-03-02T10:00:00Z');
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimPeriodicRun(database.db, 'purge-a', HOUR, at)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('claims again only when the period has nearly passed, and keeps names apart', async () => {
    const start = Date.parse('2026-03-02T10:00:00Z');
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    expect(await claimPeriodicRun(database.db, 'purge-b', HOUR, at(0))).toBe(true);
    expect(await claimPeriodicRun(database.db, 'purge-b', HOUR, at(30))).toBe(false);
    expect(await claimPeriodicRun(database.db, 'purge-c', HOUR, at(30))).toBe(true);
    expect(await claimPeriodicRun(database.db, 'purge-b', HOUR, at(53))).toBe(false);
    expect(await claimPeriodicRun(database.db, 'purge-b', HOUR, at(55))).toBe(true);
    expect(await claimPeriodicRun(database.db, 'purge-b', HOUR, at(60))).toBe(false);
  });
});

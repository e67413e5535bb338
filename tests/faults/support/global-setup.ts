/**
 * Global setup of the faults project: compiles the server once (the drills run it as `npm start`
 * does), says loudly when the drills cannot run here, and at the end prints every drill's figures.
 * Each drill stops and removes its own PostgreSQL in its afterAll, failed or not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServerOnce } from '../../../src/server/testing/server-process.js';
import { FIGURES_ENV, printFigures } from './figures.js';
import { whyNoPrivatePostgres } from './postgres-instance.js';

export const SKIP_ENV = 'FAULT_DRILLS_SKIPPED';

export default function setup(): () => void {
  const why = whyNoPrivatePostgres();
  if (why) {
    process.env[SKIP_ENV] = why;
    console.error(`\n*** The fault drills cannot run here (${why}): they are skipped.\n`);
  }
  const removeBuild = buildServerOnce();
  const dir = mkdtempSync(join(tmpdir(), 'babe-faults-figures-'));
  const file = join(dir, 'figures.jsonl');
  process.env[FIGURES_ENV] = file;
  return () => {
    printFigures(file);
    rmSync(dir, { recursive: true, force: true });
    removeBuild();
  };
}

/**
 * The drills' figures: each drill records what it measured, and the run's teardown prints them all
 * together at the end (docs/operations.md, "Fault drills", keeps the latest).
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

export const FIGURES_ENV = 'FAULT_DRILL_FIGURES';

export function record(drill: string, figures: Record<string, number | string>): void {
  const file = process.env[FIGURES_ENV];
  console.log(`[figures] ${drill}: ${JSON.stringify(figures)}`);
  if (file) appendFileSync(file, `${JSON.stringify({ drill, figures })}\n`);
}

export function printFigures(file: string): void {
  if (!existsSync(file)) return;
  const lines = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
  if (lines.length === 0) return;
  console.log('\nFault drill figures');
  for (const line of lines) {
    const { drill, figures } = JSON.parse(line) as { drill: string; figures: Record<string, unknown> };
    console.log(`  ${drill}`);
    for (const [name, value] of Object.entries(figures)) console.log(`    ${name}: ${String(value)}`);
  }
}

import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cpuTimeFromStat, cpuTimeOf } from './cpu-time.js';

/** A `/proc/<pid>/stat` line with the given program name and user / system ticks (fields 14, 15). */
const statLine = (name: string, user: number, system: number) =>
  `4242 (${name}) R 1 4242 4242 0 -1 4194304 100 0 0 0 ${user} ${system} 0 0 20 0 1 0 416010 3133440 360 18446744073709551615 0 0 0`;

describe('CPU time from /proc/<pid>/stat', () => {
  it.each([
    ['a plain name', statLine('node', 150, 25), 100, 1750],
    ['a name with spaces and parentheses', statLine('MainThread) (1 2 3', 7, 3), 100, 100],
    ['a name that looks like numbers', statLine('1 2 3 4 5 6 7 8 9 10 11 12', 0, 1), 100, 10],
    ['another tick rate', statLine('node', 300, 0), 1000, 300],
  ])('%s', (_, stat, ticks, ms) => {
    expect(cpuTimeFromStat(stat, ticks)).toBe(ms);
  });

  it.each([
    ['empty', ''],
    ['no program name', '4242 node R 1 4242'],
    ['cut short', '4242 (node) R 1 4242 4242 0 -1 4194304 100 0 0 0 150'],
    ['not numbers', statLine('node', 150, 25).replace(' 150 25 ', ' x y ')],
  ])('is not read from a line that is %s', (_, stat) => {
    expect(cpuTimeFromStat(stat, 100)).toBeUndefined();
  });

  it.skipIf(!existsSync('/proc/self/stat'))(
    'reads this process: it grows by the CPU time spent, as Node counts it',
    () => {
      const before = cpuTimeOf(process.pid);
      const usage = process.cpuUsage();
      // Spend 300 ms of CPU (not of the clock: a busy machine makes this slower, not different).
      while (process.cpuUsage(usage).user < 300_000) {
        /* working */
      }
      const spent = process.cpuUsage(usage);
      const after = cpuTimeOf(process.pid);
      expect(before).toBeTypeOf('number');
      expect(after).toBeTypeOf('number');
      // Ticks are 10 ms; Node's own count and the kernel's may differ by a few.
      expect((after ?? 0) - (before ?? 0)).toBeGreaterThanOrEqual((spent.user + spent.system) / 1000 - 50);
    },
  );

  it('is unknown for a process that does not exist', () => {
    expect(cpuTimeOf(2 ** 30)).toBeUndefined();
  });
});

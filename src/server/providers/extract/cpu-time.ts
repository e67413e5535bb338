import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The CPU time another process has used, as the kernel counts it: the reader's time budget is
 * measured in it, so a read slowed down by a busy machine (waiting for a core, not working) is not
 * charged for the wait. Linux only (`/proc`); elsewhere the answer is `undefined`.
 */

/** Clock ticks per second, the unit of the CPU times in `/proc/<pid>/stat` (100 almost everywhere). */
const USUAL_TICKS_PER_SECOND = 100;
let ticksPerSecond: number | undefined;

function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    try {
      const answer = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8', timeout: 5000 }));
      ticksPerSecond = Number.isInteger(answer) && answer > 0 ? answer : USUAL_TICKS_PER_SECOND;
    } catch {
      ticksPerSecond = USUAL_TICKS_PER_SECOND;
    }
  }
  return ticksPerSecond;
}

/**
 * User plus system CPU time in milliseconds from the text of a `/proc/<pid>/stat` file (fields 14
 * and 15, in clock ticks), or `undefined` when the text is not one. The second field, the program's
 * name, is in parentheses and may itself hold spaces and parentheses, so the fields are counted from
 * the last closing parenthesis.
 */
export function cpuTimeFromStat(stat: string, ticks: number): number | undefined {
  const nameEnd = stat.lastIndexOf(')');
  if (nameEnd < 0) return undefined;
  // After the name come field 3 (the state), 4, …: field 14 is the 12th, field 15 the 13th.
  const fields = stat
    .slice(nameEnd + 1)
    .trim()
    .split(/\s+/);
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  if (!Number.isSafeInteger(user) || !Number.isSafeInteger(system)) return undefined;
  return ((user + system) * 1000) / ticks;
}

/**
 * CPU time in milliseconds the process `pid` has used so far (all its threads, garbage collection
 * included), or `undefined` where it can't be read: not Linux, or the process is gone. The file is
 * made by the kernel when it is read (no disk), so reading it synchronously costs microseconds.
 */
export function cpuTimeOf(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  return cpuTimeFromStat(stat, clockTicksPerSecond());
}

/**
 * Resident memory in bytes of the process `pid` (what it holds in RAM: its JavaScript heap, and
 * also the buffers outside the heap that the heap limit does not count), from the `VmRSS` line of
 * `/proc/<pid>/status`, or `undefined` where it can't be read.
 */
export function residentBytesOf(pid: number): number | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = Number(/^VmRSS:\s*(\d+)\s*kB/m.exec(status)?.[1]);
  return Number.isSafeInteger(kb) ? kb * 1024 : undefined;
}

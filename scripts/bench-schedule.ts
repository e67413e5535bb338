/**
 * Benchmark of the critical-path engine: 10,000 tasks and 30,000 links of mixed types and lags
 * (acyclic), scheduled several times; prints the median time and peak memory.
 *
 *     npm run bench:schedule        (node --import tsx scripts/bench-schedule.ts)
 *
 * Target: under 25 ms per schedule in the engine. The second figure adds what the
 * schedule endpoint also does in the domain: map every task to its calendar dates.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  LINK_TYPES,
  type LinkType,
  type ProjectTask,
  type ScheduleLink,
  type ScheduleTask,
  schedule,
  scheduleProject,
} from '../src/domain/schedule/index.js';

const TASKS = 10_000;
const LINKS = 30_000;
const RUNS = 15;
const WARM_UP = 3;
const TARGET_MS = 25;

/** A small deterministic generator (mulberry32), so every run benchmarks the same network. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Mostly finish-to-start, as real schedules are, with the other three types mixed in. */
function linkType(r: number): LinkType {
  if (r < 0.7) return 'FS';
  if (r < 0.82) return 'SS';
  if (r < 0.92) return 'FF';
  return LINK_TYPES[3];
}

/** Links run from a lower to a higher task number (so the network is acyclic), mostly to nearby tasks. */
function network(): { tasks: ScheduleTask<number>[]; links: ScheduleLink<number>[] } {
  const next = random(20_240_101);
  const tasks = Array.from({ length: TASKS }, (_, i) => ({
    id: i + 1,
    duration: next() < 0.05 ? 0 : 1 + Math.floor(next() * 15),
  }));
  const links: ScheduleLink<number>[] = [];
  while (links.length < LINKS) {
    const to = 1 + Math.floor(next() * (TASKS - 1));
    const reach = next() < 0.9 ? Math.min(to, 50) : to;
    const from = to - Math.floor(next() * reach);
    if (from === to) continue;
    links.push({
      predecessorId: from,
      successorId: to + 1,
      type: linkType(next()),
      lag: Math.floor(next() * 8) - 2,
    });
  }
  return { tasks, links };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Runs `run` repeatedly; reports the median wall time, the median CPU time of this process
 * (steadier when other work shares the machine) and the peak heap seen after a run.
 */
function measure(label: string, run: () => void): { wall: number; cpu: number } {
  const wall: number[] = [];
  const cpu: number[] = [];
  let peakHeap = 0;
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    run();
    const elapsed = performance.now() - start;
    const used = process.cpuUsage(cpuBefore);
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    if (i < WARM_UP) continue;
    wall.push(elapsed);
    cpu.push((used.user + used.system) / 1000);
  }
  const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);
  console.log(
    `${label.padEnd(44)} median ${median(wall).toFixed(2)} ms wall, ${median(cpu).toFixed(2)} ms CPU ` +
      `(fastest ${Math.min(...wall).toFixed(2)} ms; peak heap ${mb(peakHeap)} MB)`,
  );
  return { wall: median(wall), cpu: median(cpu) };
}

const { tasks, links } = network();
const projectTasks: ProjectTask<number>[] = tasks.map((t) => ({ id: t.id, duration: t.duration }));
const check = schedule(tasks, links);
if (!check.ok) throw new Error(check.error.message);
console.log(
  `${TASKS.toLocaleString('en-US')} tasks, ${LINKS.toLocaleString('en-US')} links ` +
    `(FS/SS/FF/SF with lags −2…5): finish at working day ${check.schedule.finish}, ` +
    `${check.schedule.criticalPath.length} critical tasks; ${RUNS} runs after ${WARM_UP} warm-up runs`,
);

const engine = measure('engine: schedule(tasks, links)', () => {
  schedule(tasks, links);
});
measure('with dates: scheduleProject(…, {startDate})', () => {
  scheduleProject(projectTasks, links, { startDate: '2025-01-06' });
});
console.log(`peak resident memory of the process: ${(process.resourceUsage().maxRSS / 1024).toFixed(1)} MB`);
const verdict = engine.wall < TARGET_MS ? 'within' : 'OVER';
const load = loadavg()[0] ?? 0;
console.log(
  `engine ${verdict} the ${TARGET_MS} ms target (median wall time; load average ${load.toFixed(1)})`,
);

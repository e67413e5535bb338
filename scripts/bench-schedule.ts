/**
 * Benchmark of the critical-path engine: 10,000 tasks and 30,000 links of mixed types and lags
 * (acyclic), scheduled several times; prints the median time and peak memory. Then the same at
 * 100,000 tasks and 300,000 links.
 *
 *     npm run bench:schedule        (node --import tsx scripts/bench-schedule.ts)
 *
 * Targets: under 25 ms per schedule in the engine at 10,000 tasks; at 100,000 tasks, the engine
 * within 4× a bare forward and backward pass over the same graph (typed arrays built beforehand,
 * no result objects: the least any engine must do), so that what the engine adds to the passes
 * (reading the input, ordering the graph, the answer's objects) stays in proportion. The second
 * figure at 10,000 tasks adds what the schedule endpoint also does in the domain: map every task
 * to its calendar dates.
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
  scheduleColumns,
  scheduleProject,
} from '../src/domain/schedule/index.js';

const SIZES = [10_000, 100_000];
const LINKS_PER_TASK = 3;
const RUNS = 15;
const WARM_UP = 5;
const TARGET_MS = 25;
/** The engine's time at 100,000 tasks as a multiple of the bare passes', at most. */
const MULTIPLE_TARGET = 4;

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
function network(size: number): { tasks: ScheduleTask<number>[]; links: ScheduleLink<number>[] } {
  const next = random(20_240_101);
  const linkCount = size * LINKS_PER_TASK;
  const tasks = Array.from({ length: size }, (_, i) => ({
    id: i + 1,
    duration: next() < 0.05 ? 0 : 1 + Math.floor(next() * 15),
  }));
  const links: ScheduleLink<number>[] = [];
  while (links.length < linkCount) {
    const to = 1 + Math.floor(next() * (size - 1));
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
    `${label.padEnd(50)} median ${median(wall).toFixed(2)} ms wall, ${median(cpu).toFixed(2)} ms CPU ` +
      `(fastest ${Math.min(...wall).toFixed(2)} ms; peak heap ${mb(peakHeap)} MB)`,
  );
  return { wall: median(wall), cpu: median(cpu) };
}

/**
 * The graph of a network as the bare passes take it: successor lists in typed arrays (compressed
 * sparse rows) and a topological order, built once, outside the timing.
 */
interface BareGraph {
  size: number;
  durations: Float64Array;
  first: Int32Array;
  target: Int32Array;
  kind: Uint8Array;
  lag: Float64Array;
  order: Int32Array;
}

const KIND_CODE: Record<LinkType, number> = { FS: 0, SS: 1, FF: 2, SF: 3 };

function bareGraph(tasks: ScheduleTask<number>[], links: ScheduleLink<number>[]): BareGraph {
  const size = tasks.length;
  // The bench's ids are 1…size in order: a task's position is its id − 1.
  const durations = Float64Array.from(tasks, (t) => t.duration);
  const first = new Int32Array(size + 1);
  for (const link of links) first[link.predecessorId] = (first[link.predecessorId] ?? 0) + 1;
  for (let i = 0; i < size; i++) first[i + 1] = (first[i + 1] ?? 0) + (first[i] ?? 0);
  const next = first.slice(0, size);
  const target = new Int32Array(links.length);
  const kind = new Uint8Array(links.length);
  const lag = new Float64Array(links.length);
  const inDegree = new Int32Array(size);
  for (const link of links) {
    const from = link.predecessorId - 1;
    const slot = next[from] ?? 0;
    next[from] = slot + 1;
    target[slot] = link.successorId - 1;
    kind[slot] = KIND_CODE[link.type];
    lag[slot] = link.lag ?? 0;
    inDegree[link.successorId - 1] = (inDegree[link.successorId - 1] ?? 0) + 1;
  }
  const order = new Int32Array(size);
  let tail = 0;
  for (let i = 0; i < size; i++) if (inDegree[i] === 0) order[tail++] = i;
  for (let head = 0; head < tail; head++) {
    const node = order[head] ?? 0;
    for (let e = first[node] ?? 0; e < (first[node + 1] ?? 0); e++) {
      const to = target[e] ?? 0;
      inDegree[to] = (inDegree[to] ?? 0) - 1;
      if (inDegree[to] === 0) order[tail++] = to;
    }
  }
  if (tail !== size) throw new Error('the bench network has a cycle');
  return { size, durations, first, target, kind, lag, order };
}

/**
 * The least a critical-path engine does: early dates forward and late dates backward over the
 * graph in topological order, in typed arrays, with no input to read and no answer to build.
 * Returns the finish so that the work cannot be optimised away.
 */
function barePasses(g: BareGraph): number {
  const { size, durations, first, target, kind, lag, order } = g;
  const earlyStart = new Float64Array(size);
  const earlyFinish = new Float64Array(size);
  let finish = 0;
  for (let k = 0; k < size; k++) {
    const node = order[k] as number;
    const start = earlyStart[node] as number;
    const end = start + (durations[node] as number);
    earlyFinish[node] = end;
    if (end > finish) finish = end;
    for (let e = first[node] as number; e < (first[node + 1] as number); e++) {
      const to = target[e] as number;
      const type = kind[e];
      const from = type === 0 || type === 2 ? end : start;
      const bound = from + (lag[e] as number) - ((type as number) >= 2 ? (durations[to] as number) : 0);
      if (bound > (earlyStart[to] as number)) earlyStart[to] = bound;
    }
  }
  const lateStart = new Float64Array(size);
  const lateFinish = new Float64Array(size);
  for (let k = size - 1; k >= 0; k--) {
    const node = order[k] as number;
    const duration = durations[node] as number;
    let late = finish;
    for (let e = first[node] as number; e < (first[node + 1] as number); e++) {
      const to = target[e] as number;
      const type = kind[e];
      const time = type === 0 || type === 1 ? (lateStart[to] as number) : (lateFinish[to] as number);
      const bound = time - (lag[e] as number) + (type === 1 || type === 3 ? duration : 0);
      if (bound < late) late = bound;
    }
    lateFinish[node] = late;
    lateStart[node] = late - duration;
  }
  return finish + (lateStart[order[0] as number] as number);
}

let multipleAtLargest = 0;
let engineAtSmallest = 0;
for (const size of SIZES) {
  const { tasks, links } = network(size);
  const check = schedule(tasks, links);
  if (!check.ok) throw new Error(check.error.message);
  console.log(
    `\n${size.toLocaleString('en-US')} tasks, ${links.length.toLocaleString('en-US')} links ` +
      `(FS/SS/FF/SF with lags −2…5): finish at working day ${check.schedule.finish}, ` +
      `${check.schedule.criticalPath.length} critical tasks; ${RUNS} runs after ${WARM_UP} warm-up runs`,
  );
  const graph = bareGraph(tasks, links);
  const bare = measure('bare forward/backward pass (typed arrays)', () => {
    barePasses(graph);
  });
  const engine = measure('engine: scheduleColumns(tasks, links)', () => {
    scheduleColumns(tasks, links);
  });
  const withObjects = measure('with an object per task: schedule(tasks, links)', () => {
    schedule(tasks, links);
  });
  const multiple = engine.wall / bare.wall;
  console.log(
    `engine = ${multiple.toFixed(1)}× the bare passes (wall; ${(engine.cpu / bare.cpu).toFixed(1)}× in CPU ` +
      `time); with an object per task ${(withObjects.wall / bare.wall).toFixed(1)}×`,
  );
  if (size === SIZES[0]) {
    engineAtSmallest = withObjects.wall;
    const projectTasks: ProjectTask<number>[] = tasks.map((t) => ({ id: t.id, duration: t.duration }));
    measure('with dates: scheduleProject(…, {startDate})', () => {
      scheduleProject(projectTasks, links, { startDate: '2025-01-06' });
    });
  }
  multipleAtLargest = multiple;
}
console.log(
  `\npeak resident memory of the process: ${(process.resourceUsage().maxRSS / 1024).toFixed(1)} MB`,
);
const load = loadavg()[0] ?? 0;
console.log(
  `engine at ${SIZES[0]?.toLocaleString('en-US')} tasks ${engineAtSmallest < TARGET_MS ? 'within' : 'OVER'} ` +
    `the ${TARGET_MS} ms target; at ${SIZES.at(-1)?.toLocaleString('en-US')} tasks ${multipleAtLargest.toFixed(1)}× ` +
    `the bare passes, ${multipleAtLargest <= MULTIPLE_TARGET ? 'within' : 'OVER'} the ${MULTIPLE_TARGET}× target ` +
    `(median wall times; load average ${load.toFixed(1)})`,
);

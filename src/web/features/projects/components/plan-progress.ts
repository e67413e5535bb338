/**
 * The estimate-to-plan run as the overlay shows it: which of the six steps is done,
 * current or pending, the percentage over every file, and the elapsed time. Pure functions of the
 * run's state and the server's latest progress answer; the hook in use-plan-generation.ts drives them.
 */
import { PLAN_STEPS, type PlanProgressDto, type PlanQuestionsDto, type PlanStep } from '@/contracts/ai';
import { fileExtension, isReadableEstimate, READABLE_EXTENSIONS } from '@/contracts/estimate-files';

export const PLAN_STEP_LABELS: Record<PlanStep, string> = {
  initializing: 'Initializing',
  'processing-files': 'Processing files',
  'ai-analysis': 'Analyzing the estimate',
  'generating-tasks': 'Generating tasks',
  'creating-insights': 'Creating insights',
  finalizing: 'Finalizing',
};

export { fileExtension, isReadableEstimate, READABLE_EXTENSIONS };

/** Drawings are stored with the project but never read for a plan. */
export function isDrawing(name: string): boolean {
  return fileExtension(name) === 'dwg';
}

/**
 * The percentages of the steps the browser runs itself; from ai-analysis on, the server's answer
 * counts (never going backwards).
 */
export const CLIENT_PERCENT = {
  start: 0,
  projectCreated: 5,
  /** Attachments stored (or, from the Documents panel, the run checked and ready). */
  ready: 10,
  reading: 15,
  read: 30,
  planned: 100,
} as const;

export type FileState =
  | { status: 'waiting' }
  | { status: 'reading' }
  | { status: 'planning' }
  /** The estimate asks first (which bid column, which model…): the run waits for the user. */
  | { status: 'asking'; questions: PlanQuestionsDto }
  | {
      status: 'planned';
      tasks: number;
      reused: boolean;
      notes: string[];
      /** The server's sentence on the weather days the plan's schedule carries; null when none. */
      weather: string | null;
    }
  | { status: 'failed'; stage: 'read' | 'plan'; message: string }
  | { status: 'skipped'; reason: string };

export interface RunFile {
  name: string;
  state: FileState;
  /** Why the file could not be kept as a project document, when it could not. */
  storeError?: string;
}

export interface PlanRunState {
  /** New Project (creates the project first) or Documents panel (a stored document). */
  kind: 'new-project' | 'document';
  projectId: number | null;
  projectName: string;
  files: RunFile[];
  /** The file being worked on (index into files), or null before and after. */
  current: number | null;
  /** The step the browser itself is at; later steps come from the server while a file is planned. */
  step: PlanStep;
  /** The current file's percentage as far as the browser knows (0–100). */
  filePercent: number;
  /** Generations whose progress belongs to earlier files or runs (their answers are ignored). */
  seenGenerationIds: number[];
  startedAt: number;
  finishedAt: number | null;
  /** The last plan's finish date (YYYY-MM-DD), and the tasks of the run's new plans. */
  finishDate: string | null;
  tasksAdded: number;
  /** Set when the user asked to stop after the current file. */
  stopRequested: boolean;
}

const stepIndex = (step: PlanStep) => PLAN_STEPS.indexOf(step);

/** The later of two steps in the overlay's order. */
export function laterStep(a: PlanStep, b: PlanStep): PlanStep {
  return stepIndex(a) >= stepIndex(b) ? a : b;
}

/**
 * The server's answer when it is about the generation this run is waiting for: a running
 * generation of the run's project not seen before, while a file is being planned. (An earlier
 * generation of the project is finished, so it never passes for the new one.)
 */
export function freshProgress(run: PlanRunState, server: PlanProgressDto | null | undefined) {
  if (!server || run.projectId === null || server.projectId !== run.projectId) return null;
  if (server.status !== 'running' || run.seenGenerationIds.includes(server.generationId)) return null;
  const current = run.current === null ? undefined : run.files[run.current];
  return current?.state.status === 'planning' ? server : null;
}

/** One file's percentage scaled into the whole run: the share after `ready` split evenly per file. */
export function overallPercent(fileIndex: number, fileCount: number, filePercent: number): number {
  const clamped = Math.min(100, Math.max(0, filePercent));
  if (fileCount <= 1) return Math.round(clamped);
  const span = 100 - CLIENT_PERCENT.ready;
  const within = Math.max(0, clamped - CLIENT_PERCENT.ready) / span;
  return Math.round(CLIENT_PERCENT.ready + (span * (fileIndex + within)) / fileCount);
}

export interface DisplayedProgress {
  step: PlanStep;
  /** Of the whole run, 0–100. */
  percent: number;
  done: boolean;
}

/** What the overlay shows now: the later step and the higher percentage of browser and server. */
export function displayedProgress(
  run: PlanRunState,
  server: PlanProgressDto | null | undefined,
): DisplayedProgress {
  if (run.finishedAt !== null) return { step: 'finalizing', percent: 100, done: true };
  const fresh = freshProgress(run, server);
  const step = fresh ? laterStep(run.step, fresh.step) : run.step;
  const filePercent = fresh ? Math.max(run.filePercent, fresh.percent) : run.filePercent;
  const percent =
    run.current === null
      ? Math.round(run.filePercent)
      : overallPercent(run.current, run.files.length, filePercent);
  return { step, percent, done: false };
}

/**
 * Whether the run is waiting for the user: the current file's questions are shown and nothing is
 * being worked on until they are answered (the server's generation rests in `needs-input`).
 */
export function waitingForAnswer(run: PlanRunState): boolean {
  if (run.finishedAt !== null || run.current === null) return false;
  return run.files[run.current]?.state.status === 'asking';
}

/** `waiting`: the current step is held for the user's answer, not being worked on. */
export type StepState = 'done' | 'current' | 'waiting' | 'pending';

export function stepStates(
  current: PlanStep,
  done: boolean,
  waiting = false,
): { step: PlanStep; state: StepState }[] {
  const at = stepIndex(current);
  const atState: StepState = waiting ? 'waiting' : 'current';
  return PLAN_STEPS.map((step, i) => ({
    step,
    state: done || i < at ? 'done' : i === at ? atState : 'pending',
  }));
}

/** "mm:ss" (minutes keep counting past 59). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** Whether anything in the run went wrong (the overlay then stays until the user has read it). */
export function hasProblems(run: PlanRunState): boolean {
  return run.files.some((f) => f.storeError !== undefined || f.state.status === 'failed');
}

export const plannedFiles = (run: PlanRunState) => run.files.filter((f) => f.state.status === 'planned');

/**
 * The weather sentence of the run's last planned file (the schedule the project ends up with), or
 * null when its plan carries no weather days. The server's words, never rebuilt here.
 */
export function planWeather(run: PlanRunState): string | null {
  for (const file of [...run.files].reverse()) {
    if (file.state.status === 'planned') return file.state.weather;
  }
  return null;
}

import { describe, expect, it } from 'vitest';
import type { PlanProgressDto } from '@/contracts/ai';
import {
  CLIENT_PERCENT,
  displayedProgress,
  type FileState,
  fileExtension,
  formatElapsed,
  hasProblems,
  isDrawing,
  isReadableEstimate,
  laterStep,
  overallPercent,
  type PlanRunState,
  planWeather,
  stepStates,
  waitingForAnswer,
} from './plan-progress';

const baseRun = (over: Partial<PlanRunState> = {}): PlanRunState => ({
  kind: 'new-project',
  projectId: 7,
  projectName: 'Maple Street',
  files: [{ name: 'estimate.pdf', state: { status: 'planning' } }],
  current: 0,
  step: 'ai-analysis',
  filePercent: CLIENT_PERCENT.read,
  seenGenerationIds: [],
  startedAt: 0,
  finishedAt: null,
  finishDate: null,
  tasksAdded: 0,
  stopRequested: false,
  ...over,
});

const progress = (over: Partial<PlanProgressDto> = {}): PlanProgressDto => ({
  generationId: 3,
  projectId: 7,
  status: 'running',
  step: 'generating-tasks',
  percent: 60,
  fileName: 'estimate.pdf',
  error: null,
  startedAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:01.000Z',
  ...over,
});

describe('file kinds', () => {
  it.each([
    ['Estimate.PDF', 'pdf', true],
    ['scan.jpeg', 'jpeg', true],
    ['bid.xlsx', 'xlsx', true],
    ['bid.xls', 'xls', true],
    ['bid.xlsm', 'xlsm', false],
    ['plan.dwg', 'dwg', false],
    ['README', '', false],
    ['.hidden', '', false],
  ])('%s has extension "%s", readable %s', (name, ext, readable) => {
    expect(fileExtension(name)).toBe(ext);
    expect(isReadableEstimate(name)).toBe(readable);
  });
  it('reads a bare extension (a document type) too, and knows drawings', () => {
    expect(isReadableEstimate('DOCX')).toBe(true);
    expect(isReadableEstimate('dwg')).toBe(false);
    expect(isDrawing('site.DWG')).toBe(true);
    expect(isDrawing('site.pdf')).toBe(false);
  });
});

describe('the overall percentage', () => {
  it.each([
    [0, 1, 42, 42],
    [0, 2, 10, 10],
    [0, 2, 100, 55],
    [1, 2, 10, 55],
    [1, 2, 100, 100],
    [2, 3, 55, 85],
    [0, 1, 140, 100],
  ])('file %i of %i at %i%% is %i%% of the run', (i, n, p, expected) => {
    expect(overallPercent(i, n, p)).toBe(expected);
  });
  it('never goes back from one file to the next', () => {
    const seen: number[] = [];
    for (let i = 0; i < 3; i++)
      for (const p of [CLIENT_PERCENT.reading, CLIENT_PERCENT.read, 70, 100])
        seen.push(overallPercent(i, 3, p));
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});

describe('what the overlay shows', () => {
  it('takes the later step and the higher percentage of a running generation', () => {
    expect(displayedProgress(baseRun(), progress())).toEqual({
      step: 'generating-tasks',
      percent: 60,
      done: false,
    });
    // The server's job starting at its own beginning does not move the overlay back.
    expect(displayedProgress(baseRun(), progress({ step: 'initializing', percent: 5 }))).toEqual({
      step: 'ai-analysis',
      percent: CLIENT_PERCENT.read,
      done: false,
    });
  });
  it('ignores a finished, an already seen, or another project’s generation', () => {
    const own = { step: 'ai-analysis', percent: CLIENT_PERCENT.read, done: false };
    expect(displayedProgress(baseRun(), progress({ status: 'succeeded', percent: 100 }))).toEqual(own);
    expect(displayedProgress(baseRun({ seenGenerationIds: [3] }), progress())).toEqual(own);
    expect(displayedProgress(baseRun(), progress({ projectId: 8 }))).toEqual(own);
    expect(displayedProgress(baseRun(), null)).toEqual(own);
  });
  it('ignores the server while the file is still being read', () => {
    const reading = baseRun({
      files: [{ name: 'estimate.pdf', state: { status: 'reading' } }],
      step: 'processing-files',
      filePercent: CLIENT_PERCENT.reading,
    });
    expect(displayedProgress(reading, progress())).toEqual({
      step: 'processing-files',
      percent: CLIENT_PERCENT.reading,
      done: false,
    });
  });
  it('is done at 100% once the run has finished', () => {
    expect(displayedProgress(baseRun({ finishedAt: 5 }), progress())).toEqual({
      step: 'finalizing',
      percent: 100,
      done: true,
    });
  });
  it('marks steps done, current and pending', () => {
    expect(stepStates('ai-analysis', false).map((s) => s.state)).toEqual([
      'done',
      'done',
      'current',
      'pending',
      'pending',
      'pending',
    ]);
    expect(stepStates('initializing', true).every((s) => s.state === 'done')).toBe(true);
    expect(laterStep('finalizing', 'initializing')).toBe('finalizing');
  });
  it('holds the step for the user while the estimate’s questions wait, and works on it again after', () => {
    const questions = { choices: [], mismatch: null };
    const asking = baseRun({ files: [{ name: 'bid.xlsx', state: { status: 'asking', questions } }] });
    expect(waitingForAnswer(asking)).toBe(true);
    expect(stepStates('ai-analysis', false, waitingForAnswer(asking)).map((s) => s.state)).toEqual([
      'done',
      'done',
      'waiting',
      'pending',
      'pending',
      'pending',
    ]);
    // Answers sent: the file is planned again, the step is worked on.
    expect(waitingForAnswer(baseRun())).toBe(false);
    expect(stepStates('ai-analysis', false, waitingForAnswer(baseRun()))[2]?.state).toBe('current');
    // Nothing waits once the run has finished or before a file is taken up.
    expect(waitingForAnswer({ ...asking, finishedAt: 5 })).toBe(false);
    expect(waitingForAnswer({ ...asking, current: null })).toBe(false);
  });
});

describe('the elapsed timer and problems', () => {
  it.each([
    [0, '00:00'],
    [999, '00:00'],
    [61_000, '01:01'],
    [3_600_000, '60:00'],
    [-5, '00:00'],
  ])('%i ms is %s', (ms, text) => {
    expect(formatElapsed(ms)).toBe(text);
  });
  it('counts a failed or unstored file as a problem, a skipped drawing not', () => {
    const drawing = baseRun({ files: [{ name: 'a.dwg', state: { status: 'skipped', reason: 'drawing' } }] });
    expect(hasProblems(drawing)).toBe(false);
    const failed = baseRun({
      files: [{ name: 'a.xls', state: { status: 'failed', stage: 'read', message: 'Save as .xlsx' } }],
    });
    expect(hasProblems(failed)).toBe(true);
    const unstored = baseRun({
      files: [
        {
          name: 'a.pdf',
          state: { status: 'planned', tasks: 3, reused: false, notes: [], weather: null },
          storeError: 'File is too large',
        },
      ],
    });
    expect(hasProblems(unstored)).toBe(true);
  });
});

describe('the weather sentence of a finished run', () => {
  const planned = (weather: string | null): FileState => ({
    status: 'planned',
    tasks: 4,
    reused: false,
    notes: [],
    weather,
  });
  it("is the server's sentence of the last planned file, none when its plan added no weather days", () => {
    const sentence = '12 weather days added for a winter start in Minnesota (Dec–Feb)';
    const one = baseRun({ files: [{ name: 'a.pdf', state: planned(sentence) }] });
    expect(planWeather(one)).toBe(sentence);
    const later = baseRun({
      files: [
        { name: 'a.pdf', state: planned('3 weather days added for a fall start in Ohio (Sep–Nov)') },
        { name: 'b.pdf', state: planned(sentence) },
        { name: 'c.dwg', state: { status: 'skipped', reason: 'drawing' } },
      ],
    });
    expect(planWeather(later)).toBe(sentence);
    expect(planWeather(baseRun({ files: [{ name: 'a.pdf', state: planned(null) }] }))).toBeNull();
    expect(planWeather(baseRun())).toBeNull();
  });
});

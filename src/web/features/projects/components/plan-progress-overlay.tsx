import {
  AlertTriangle,
  CheckCircle2,
  Circle,
  Clock,
  FileText,
  HelpCircle,
  Loader2,
  Sparkles,
  XCircle,
} from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import type { PlanAnswersBody, PlanProgressDto } from '@/contracts/ai';
import { Button } from '@/web/components/ui/button';
import { Progress } from '@/web/components/ui/progress';
import { cn } from '@/web/lib/utils';
import {
  displayedProgress,
  type FileState,
  formatElapsed,
  PLAN_STEP_LABELS,
  type PlanRunState,
  plannedFiles,
  type RunFile,
  type StepState,
  stepStates,
  waitingForAnswer,
} from './plan-progress';
import { PlanQuestionsForm } from './plan-questions-form';

/** The review of the generation waiting for the user's answers (the one the overlay follows). */
function reviewHrefOf(progress: PlanProgressDto | null): string | undefined {
  return progress?.status === 'needs-input'
    ? `/projects/${progress.projectId}/plans/${progress.generationId}/review`
    : undefined;
}

/** The elapsed time since `since`, ticking every second until `until` is set. */
function useElapsed(since: number, until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until !== null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return (until ?? now) - since;
}

function fileStatusText(state: FileState): string {
  switch (state.status) {
    case 'waiting':
      return 'Waiting';
    case 'reading':
      return 'Reading…';
    case 'planning':
      return 'Planning…';
    case 'asking':
      return 'Waiting for your answer';
    case 'planned':
      return state.reused
        ? 'Already planned: no tasks added'
        : `${state.tasks} ${state.tasks === 1 ? 'task' : 'tasks'} planned`;
    case 'failed':
      return state.stage === 'read' ? 'Could not be read' : 'No plan could be made';
    case 'skipped':
      return state.reason;
  }
}

function FileIcon({ state }: { state: FileState }) {
  const cls = 'mt-0.5 size-4 shrink-0';
  if (state.status === 'planned')
    return <CheckCircle2 className={cn(cls, 'text-emerald-600')} aria-hidden="true" />;
  if (state.status === 'failed')
    return <XCircle className={cn(cls, 'text-destructive')} aria-hidden="true" />;
  if (state.status === 'reading' || state.status === 'planning')
    return <Loader2 className={cn(cls, 'text-primary motion-safe:animate-spin')} aria-hidden="true" />;
  return <FileText className={cn(cls, 'text-muted-foreground')} aria-hidden="true" />;
}

function FileRow({ file, finished }: { file: RunFile; finished: boolean }) {
  const { state } = file;
  const notes = finished && state.status === 'planned' ? state.notes.slice(0, 3) : [];
  return (
    <li className="flex gap-2 py-2 text-sm" data-file-status={state.status}>
      <FileIcon state={state} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{file.name}</p>
        <p className={cn('text-muted-foreground', state.status === 'failed' && 'text-destructive')}>
          {fileStatusText(state)}
          {state.status === 'failed' && `: ${state.message}`}
        </p>
        {state.status === 'planned' && state.weather && (
          <p className="text-muted-foreground" data-plan-weather>
            {state.weather}
          </p>
        )}
        {file.storeError !== undefined && (
          <p className="text-destructive">Not kept with the project: {file.storeError}</p>
        )}
        {notes.length > 0 && (
          <ul className="mt-1 list-disc pl-4 text-xs text-muted-foreground">
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** A step's mark: done, worked on (turning), waiting for the user's answer (still), or to come. */
function StepIcon({ state }: { state: StepState }) {
  const cls = 'size-4 shrink-0';
  if (state === 'done') return <CheckCircle2 className={cn(cls, 'text-emerald-600')} aria-hidden="true" />;
  if (state === 'current')
    return <Loader2 className={cn(cls, 'text-primary motion-safe:animate-spin')} aria-hidden="true" />;
  if (state === 'waiting') return <HelpCircle className={cn(cls, 'text-amber-600')} aria-hidden="true" />;
  return <Circle className={cls} aria-hidden="true" />;
}

const STEP_STATE_TEXT: Record<StepState, string> = {
  done: ' (done)',
  current: ' (in progress)',
  waiting: ' (waiting for your answer)',
  pending: ' (pending)',
};

/**
 * The full-screen progress overlay of project creation with AI: the six steps (done,
 * current, pending), the percentage as a progress bar, the elapsed time, which file of how many,
 * and each file's outcome. It is a modal dialog: focus stays inside; Escape or a click outside do
 * not abandon a running job (Escape says why and offers to stop after the current file). When a file
 * failed it stays open at the end with the reasons until "Open the plan".
 */
export function PlanProgressOverlay({
  run,
  serverProgress,
  onStopAfterCurrent,
  onAcknowledge,
  onAnswer,
}: {
  run: PlanRunState;
  serverProgress: PlanProgressDto | null;
  onStopAfterCurrent: () => void;
  onAcknowledge: () => void;
  /** The user's answers to the current file's questions (null: skip the file). */
  onAnswer: (answers: PlanAnswersBody | null) => void;
}) {
  const finished = run.finishedAt !== null;
  const shown = displayedProgress(run, serverProgress);
  // The estimate's questions are shown: nothing turns until the user answers.
  const waiting = waitingForAnswer(run);
  const elapsed = useElapsed(run.startedAt, run.finishedAt);
  const [escapeNotice, setEscapeNotice] = useState(false);
  const doneButton = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const total = run.files.length;
  const position = run.current === null ? null : run.current + 1;
  const currentFile = run.current === null ? undefined : run.files[run.current];
  const anyPlanned = plannedFiles(run).length > 0;
  const remaining = run.current === null ? 0 : total - run.current - 1;
  const stepLabel = PLAN_STEP_LABELS[shown.step];
  const title =
    run.kind === 'new-project' ? 'Creating your project plan' : `Generating a plan for ${run.projectName}`;

  useEffect(() => {
    if (finished) doneButton.current?.focus();
  }, [finished]);

  const status = finished
    ? anyPlanned
      ? 'Plan ready. Some files could not be used.'
      : 'No plan could be made from the files.'
    : `${waiting ? `Your answer is needed: ${stepLabel}` : stepLabel}${position !== null && total > 1 ? `, file ${position} of ${total}` : ''}`;

  return (
    <DialogPrimitive.Root open>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
        <DialogPrimitive.Content
          role="alertdialog"
          aria-busy={!finished && !waiting}
          data-plan-overlay=""
          ref={content}
          // Focus the overlay itself, not the first button: Enter must not stop the run by accident.
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            content.current?.focus();
          }}
          onEscapeKeyDown={(e) => {
            if (finished) return onAcknowledge();
            e.preventDefault();
            setEscapeNotice(true);
          }}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto p-3 outline-none sm:items-center sm:p-6"
        >
          <div className="my-auto grid w-full max-w-lg grid-cols-1 gap-5 rounded-xl border border-border bg-background p-5 shadow-xl sm:p-6">
            <div className="flex items-start gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                {finished ? (
                  <AlertTriangle className="size-5" aria-hidden="true" />
                ) : (
                  <Sparkles className="size-5" aria-hidden="true" />
                )}
              </span>
              <div className="grid min-w-0 gap-1">
                <DialogPrimitive.Title className="text-lg leading-tight font-semibold">
                  {finished ? (anyPlanned ? 'Plan ready, with problems' : 'No plan could be made') : title}
                </DialogPrimitive.Title>
                <DialogPrimitive.Description className="text-sm text-muted-foreground">
                  {finished
                    ? anyPlanned
                      ? 'Some files could not be used. The reasons are below.'
                      : 'None of the files could be used. The reasons are below.'
                    : currentFile
                      ? `${total > 1 ? `File ${position} of ${total}: ` : ''}${currentFile.name}`
                      : `Preparing ${total} ${total === 1 ? 'file' : 'files'}`}
                </DialogPrimitive.Description>
              </div>
            </div>

            {/* The current step, announced as it changes. */}
            <p className="sr-only" aria-live="polite" aria-atomic="true">
              {status}
            </p>

            {/* Once nothing could be planned, the steps and the full bar would tell a false story. */}
            {(!finished || anyPlanned) && (
              <>
                <div className="grid gap-2">
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="text-3xl font-semibold tabular-nums" data-percent={shown.percent}>
                      {shown.percent}%
                    </span>
                    <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
                      <Clock className="size-4" aria-hidden="true" />
                      <span>
                        Elapsed{' '}
                        <time className="tabular-nums" data-elapsed="">
                          {formatElapsed(elapsed)}
                        </time>
                      </span>
                    </span>
                  </div>
                  <Progress
                    value={shown.percent}
                    aria-label="Plan generation progress"
                    getValueLabel={(value) => `${value}%, ${waiting ? 'waiting for your answer' : stepLabel}`}
                    className="h-2.5"
                  />
                </div>

                <ol className="grid gap-2" aria-label="Steps">
                  {stepStates(shown.step, shown.done, waiting).map(({ step, state }) => (
                    <li
                      key={step}
                      data-step={step}
                      data-state={state}
                      aria-current={state === 'current' || state === 'waiting' ? 'step' : undefined}
                      className={cn(
                        'flex flex-wrap items-center gap-x-2.5 gap-y-0.5 text-sm',
                        state === 'pending' && 'text-muted-foreground',
                        (state === 'current' || state === 'waiting') && 'font-medium',
                      )}
                    >
                      <StepIcon state={state} />
                      <span>{PLAN_STEP_LABELS[step]}</span>
                      {state === 'waiting' && (
                        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                          Your answer is needed
                        </span>
                      )}
                      <span className="sr-only">{STEP_STATE_TEXT[state]}</span>
                    </li>
                  ))}
                </ol>
              </>
            )}

            {!finished && currentFile?.state.status === 'asking' && (
              <PlanQuestionsForm
                fileName={currentFile.name}
                questions={currentFile.state.questions}
                onAnswer={onAnswer}
                onSkip={() => onAnswer(null)}
                reviewHref={reviewHrefOf(serverProgress)}
                reviewNote={
                  remaining > 0
                    ? `The ${remaining === 1 ? 'file after it stays' : `${remaining} files after it stay`} in the project's documents, to plan from there.`
                    : undefined
                }
              />
            )}

            {(total > 1 || finished) && (
              <section aria-label="Files" className="border-t border-border pt-2">
                <ul className="divide-y divide-border">
                  {run.files.map((file, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: two attachments may share a name
                    <FileRow key={i} file={file} finished={finished} />
                  ))}
                </ul>
              </section>
            )}
            {/* A failed file is announced at once; the other files go on. */}
            <div role="alert" className="sr-only">
              {run.files
                .filter((f) => f.state.status === 'failed')
                .map((f) => `${f.name}: ${f.state.status === 'failed' ? f.state.message : ''}`)
                .join('. ')}
            </div>

            {!finished && escapeNotice && (
              <p className="rounded-md border border-border bg-muted px-3 py-2 text-sm" role="status">
                The plan is still being generated and cannot be abandoned halfway.
                {remaining > 0 && !run.stopRequested ? ' You can stop after the current file.' : ''}
              </p>
            )}
            {!finished && remaining > 0 && (
              <div className="flex justify-end">
                <Button variant="outline" onClick={onStopAfterCurrent} disabled={run.stopRequested}>
                  {run.stopRequested ? 'Stopping after this file…' : 'Stop after this file'}
                </Button>
              </div>
            )}
            {finished && (
              <div className="flex justify-end">
                <Button ref={doneButton} onClick={onAcknowledge}>
                  {anyPlanned ? 'Open the plan' : run.kind === 'new-project' ? 'Open the project' : 'Close'}
                </Button>
              </div>
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

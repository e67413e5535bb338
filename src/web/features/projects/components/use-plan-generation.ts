import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PlanAnswersBody, PlanGenerationDto } from '@/contracts/ai';
import type { ProjectDto } from '@/contracts/projects';
import { toast } from '@/web/components/ui/use-toast';
import { apiFailureReason } from '@/web/lib/api-client';
import { invalidatePlannedProject } from '../api/invalidate-planned-project';
import { answerServerPlan, getServerPlan, PLAN_POLL_MS, startServerPlans } from '../api/server-plans';
import { useUploadDocuments } from '../api/upload-documents';
import { formatDay } from '../lib/dates';
import {
  CLIENT_PERCENT,
  type FileState,
  hasProblems,
  isDrawing,
  type PlanRunState,
  plannedFiles,
  planWeather,
} from './plan-progress';

export type PlanProject = Pick<ProjectDto, 'id' | 'name' | 'type' | 'budget' | 'startDate' | 'endDate'>;

/** One file of a run: a new file (kept as a project document first) or a stored document. */
export interface PlanSource {
  name: string;
  file?: File;
  documentId?: number;
}

/** The notice at the end of a run (project created, or plan generated) stays 10 s. */
const DONE_TOAST_MS = 10_000;

/** A failed call's reason as the server gave it (its JSON message, else its status line). */
export function failureReason(error: unknown): string {
  const reason = apiFailureReason(error);
  if (reason) return reason;
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** The completion notice's description: what was planned, and what was not. */
export function summaryOf(run: PlanRunState): string {
  const planned = plannedFiles(run);
  const failed = run.files.filter((f) => f.state.status === 'failed').length;
  const parts: string[] = [];
  if (planned.length === 0) {
    parts.push('No plan was generated from the attached files.');
  } else if (run.tasksAdded === 0) {
    parts.push('This estimate was already planned: no tasks were added.');
  } else {
    parts.push(
      `${plural(run.tasksAdded, 'task')} planned${
        run.finishDate ? `, finishing ${formatDay(run.finishDate)}` : ''
      }.`,
    );
  }
  const weather = planned.length > 0 ? planWeather(run) : null;
  if (weather) parts.push(`${weather}.`);
  if (failed > 0) parts.push(`${plural(failed, 'file')} could not be used.`);
  return parts.join(' ');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs estimate → plan for one or more files with the overlay's state: keeps the files as project
 * documents (a new project's attachments), asks the server to plan each readable one
 * (POST /api/projects/{id}/plans) and follows its generation (GET /api/plans/{id}) until it is done,
 * going on past a failed file; at the end shows the notice and opens the project's Gantt. The
 * server does the work: closing the page does not stop it. When a file failed, the overlay stays
 * with the reasons until the user moves on.
 */
export function usePlanGeneration() {
  const [run, setRun] = useState<PlanRunState | null>(null);
  const [serverProgress, setServerProgress] = useState<PlanGenerationDto | null>(null);
  const stopRef = useRef(false);
  /** Resolves the answers the run waits for while a file's questions are shown. */
  const answerRef = useRef<((answers: PlanAnswersBody | null) => void) | null>(null);
  const mounted = useRef(true);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const upload = useUploadDocuments();
  const uploadRef = useRef(upload.mutateAsync);
  uploadRef.current = upload.mutateAsync;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Notice, then the project (its Gantt when a plan was made). */
  const finish = useCallback(
    (done: PlanRunState) => {
      setRun(null);
      if (!mounted.current || done.projectId === null) return;
      const planned = plannedFiles(done).length > 0;
      if (done.kind === 'new-project' || planned) {
        // A run whose every estimate was planned before added nothing: its notice says so.
        const nothingAdded = planned && done.tasksAdded === 0;
        toast({
          title:
            done.kind === 'new-project'
              ? 'Project created successfully!'
              : nothingAdded
                ? 'Already planned'
                : 'Plan generated',
          description: summaryOf(done),
          duration: DONE_TOAST_MS,
        });
      }
      if (planned) void navigate(`/projects/${done.projectId}?view=gantt`);
      else if (done.kind === 'new-project') void navigate(`/projects/${done.projectId}`);
    },
    [navigate],
  );

  /** Follows a generation the server runs until it is no longer running. */
  const follow = useCallback(async (generationId: number): Promise<PlanGenerationDto> => {
    for (;;) {
      const answer = await getServerPlan(generationId);
      if (mounted.current) setServerProgress(answer);
      if (answer.status !== 'running') return answer;
      await sleep(PLAN_POLL_MS);
    }
  }, []);

  const start = useCallback(
    async (kind: PlanRunState['kind'], project: PlanProject, sources: PlanSource[]) => {
      stopRef.current = false;
      // Tasks of the run's plans (one file's plan may reuse the chain tasks of another's).
      const plannedTaskIds = new Set<number>();
      let state: PlanRunState = {
        kind,
        projectId: project.id,
        projectName: project.name,
        files: sources.map((s) => ({ name: s.name, state: { status: 'waiting' } })),
        current: null,
        step: 'initializing',
        filePercent: kind === 'new-project' ? CLIENT_PERCENT.projectCreated : CLIENT_PERCENT.start,
        seenGenerationIds: [],
        startedAt: Date.now(),
        finishedAt: null,
        finishDate: null,
        tasksAdded: 0,
        stopRequested: false,
      };
      const commit = (next: PlanRunState) => {
        state = next;
        setRun(next);
      };
      const setFile = (i: number, fileState: FileState, extra: Partial<PlanRunState> = {}) =>
        commit({
          ...state,
          ...extra,
          files: state.files.map((f, k) => (k === i ? { ...f, state: fileState } : f)),
        });
      commit(state);

      // Initializing: keep the attachments as the project's documents, one file at a time so a
      // refused file (a type the project does not keep) does not take the others with it.
      const documentIds = sources.map((source) => source.documentId ?? null);
      for (const [i, source] of sources.entries()) {
        if (!source.file) continue;
        try {
          const [stored] = await uploadRef.current({ projectId: project.id, files: [source.file] });
          documentIds[i] = stored?.id ?? null;
        } catch (error) {
          commit({
            ...state,
            files: state.files.map((f, k) => (k === i ? { ...f, storeError: failureReason(error) } : f)),
          });
        }
      }
      commit({ ...state, filePercent: CLIENT_PERCENT.ready });

      for (const [i, source] of sources.entries()) {
        const documentId = documentIds[i];
        if (stopRef.current) {
          setFile(i, { status: 'skipped', reason: 'Not read: stopped before this file' });
          continue;
        }
        if (isDrawing(source.name)) {
          setFile(i, { status: 'skipped', reason: 'Drawings are kept with the project but not read' });
          continue;
        }
        if (documentId === null || documentId === undefined) {
          // The server reads only what the project keeps; why it was not kept is on the file's row.
          setFile(i, { status: 'failed', stage: 'read', message: 'it could not be kept with the project' });
          continue;
        }
        setFile(
          i,
          { status: 'planning' },
          { current: i, step: 'processing-files', filePercent: CLIENT_PERCENT.reading },
        );
        try {
          const started = await startServerPlans(project.id, [documentId]);
          let done = await follow(started.generationId);
          // The estimate asks first (which bid column, which model…): the run waits for the user.
          while (done.status === 'needs-input' && done.questions) {
            setFile(i, { status: 'asking', questions: done.questions }, { step: 'ai-analysis' });
            const answers = await new Promise<PlanAnswersBody | null>((resolve) => {
              answerRef.current = resolve;
            });
            answerRef.current = null;
            if (!answers) break;
            setFile(i, { status: 'planning' });
            await answerServerPlan(done.generationId, answers);
            done = await follow(done.generationId);
          }
          if (done.status === 'needs-input') {
            setFile(i, { status: 'skipped', reason: 'Not planned: its questions were not answered' });
            continue;
          }
          if (done.status !== 'succeeded' || !done.result) {
            setFile(i, {
              status: 'failed',
              stage: 'plan',
              message: done.error ?? 'The plan could not be made',
            });
            continue;
          }
          const reused = started.reusedIds.includes(started.generationId);
          if (!reused) for (const task of done.result.tasks) plannedTaskIds.add(task.id);
          setFile(
            i,
            {
              status: 'planned',
              tasks: done.result.tasks.length,
              reused,
              notes: done.result.notes,
              weather: done.result.weather?.summary ?? null,
            },
            {
              step: 'finalizing',
              filePercent: CLIENT_PERCENT.planned,
              seenGenerationIds: [...state.seenGenerationIds, done.generationId],
              finishDate: done.result.finishDate,
              tasksAdded: plannedTaskIds.size,
            },
          );
        } catch (error) {
          setFile(i, { status: 'failed', stage: 'plan', message: failureReason(error) });
        }
      }

      await invalidatePlannedProject(queryClient, project.id);
      commit({ ...state, current: null, step: 'finalizing', filePercent: 100, finishedAt: Date.now() });
      if (!hasProblems(state)) finish(state);
    },
    [finish, follow, queryClient],
  );

  /** Plans the New Project dialog's attachments into the project just created. */
  const startForNewProject = useCallback(
    (project: PlanProject, files: readonly File[]) =>
      start(
        'new-project',
        project,
        files.map((file) => ({ name: file.name, file })),
      ),
    [start],
  );

  /** Plans one stored document of the project. */
  const startForDocument = useCallback(
    (project: PlanProject, document: { id: number; name: string }) =>
      start('document', project, [{ name: document.name, documentId: document.id }]),
    [start],
  );

  const stopAfterCurrent = useCallback(() => {
    stopRef.current = true;
    setRun((r) => (r ? { ...r, stopRequested: true } : r));
  }, []);

  /** The user's answers to the current file's questions (null skips the file). */
  const answer = useCallback((answers: PlanAnswersBody | null) => {
    answerRef.current?.(answers);
  }, []);

  /** Leaves the finished overlay (the problems read): the notice, then the project. */
  const acknowledge = useCallback(() => {
    if (run && run.finishedAt !== null) finish(run);
  }, [run, finish]);

  return {
    run,
    serverProgress,
    startForNewProject,
    startForDocument,
    stopAfterCurrent,
    acknowledge,
    answer,
  };
}

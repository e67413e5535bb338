import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { GenerateProjectPlanBody } from '@/contracts/ai';
import type { ProjectDto } from '@/contracts/projects';
import { toast } from '@/web/components/ui/use-toast';
import { apiFailureReason } from '@/web/lib/api-client';
import { useGeneratePlan } from '../api/generate-plan';
import { usePlanProgress } from '../api/get-plan-progress';
import { parseEstimate } from '../api/parse-estimate';
import { useUploadDocuments } from '../api/upload-documents';
import { formatDay, toDateInput } from '../lib/dates';
import {
  CLIENT_PERCENT,
  type FileState,
  hasProblems,
  isDrawing,
  type PlanRunState,
  plannedFiles,
} from './plan-progress';

export type PlanProject = Pick<ProjectDto, 'id' | 'name' | 'type' | 'budget' | 'startDate' | 'endDate'>;

/** One file of a run: where its bytes come from, and whether to keep it as a project document. */
export interface PlanSource {
  name: string;
  load: () => Promise<File>;
  store: boolean;
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
  if (failed > 0) parts.push(`${plural(failed, 'file')} could not be used.`);
  return parts.join(' ');
}

/**
 * Runs estimate → plan for one or more files with the overlay's state: keeps the
 * files as project documents when asked, reads each readable file (POST /api/parse-pdf), plans it
 * (POST /api/ai/generate-project-plan, its progress polled meanwhile), goes on past a failed file,
 * and at the end shows the notice and opens the project's Gantt. When a file failed, the overlay
 * stays with the reasons until the user moves on.
 */
export function usePlanGeneration() {
  const [run, setRun] = useState<PlanRunState | null>(null);
  const stopRef = useRef(false);
  const mounted = useRef(true);
  const navigate = useNavigate();
  const upload = useUploadDocuments();
  const generate = useGeneratePlan();
  const uploadRef = useRef(upload.mutateAsync);
  const generateRef = useRef(generate.mutateAsync);
  uploadRef.current = upload.mutateAsync;
  generateRef.current = generate.mutateAsync;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const current = run && run.current !== null ? run.files[run.current] : undefined;
  const polling = run !== null && run.finishedAt === null && current?.state.status === 'planning';
  const progress = usePlanProgress(run?.projectId ?? null, polling);

  const running = run !== null && run.finishedAt === null;
  useEffect(() => {
    if (!running) return;
    // Leaving the page mid-run would lose the overlay's account of it: the browser asks first.
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);

  /** Notice, then the project (its Gantt when a plan was made). */
  const finish = useCallback(
    (done: PlanRunState) => {
      setRun(null);
      if (!mounted.current || done.projectId === null) return;
      const planned = plannedFiles(done).length > 0;
      if (done.kind === 'new-project' || planned) {
        toast({
          title: done.kind === 'new-project' ? 'Project created successfully!' : 'Plan generated',
          description: summaryOf(done),
          duration: DONE_TOAST_MS,
        });
      }
      if (planned) void navigate(`/projects/${done.projectId}?view=gantt`);
      else if (done.kind === 'new-project') void navigate(`/projects/${done.projectId}`);
    },
    [navigate],
  );

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
      for (const [i, source] of sources.entries()) {
        if (!source.store) continue;
        try {
          await uploadRef.current({ projectId: project.id, files: [await source.load()] });
        } catch (error) {
          commit({
            ...state,
            files: state.files.map((f, k) => (k === i ? { ...f, storeError: failureReason(error) } : f)),
          });
        }
      }
      commit({ ...state, filePercent: CLIENT_PERCENT.ready });

      for (const [i, source] of sources.entries()) {
        if (stopRef.current) {
          setFile(i, { status: 'skipped', reason: 'Not read: stopped before this file' });
          continue;
        }
        if (isDrawing(source.name)) {
          setFile(i, { status: 'skipped', reason: 'Drawings are kept with the project but not read' });
          continue;
        }
        setFile(
          i,
          { status: 'reading' },
          {
            current: i,
            step: 'processing-files',
            filePercent: CLIENT_PERCENT.reading,
          },
        );
        let content: string;
        let warnings: string[];
        try {
          const parsed = await parseEstimate(await source.load());
          content = parsed.content;
          warnings = parsed.warnings;
        } catch (error) {
          setFile(i, { status: 'failed', stage: 'read', message: failureReason(error) });
          continue;
        }
        if (content.trim() === '') {
          setFile(i, { status: 'failed', stage: 'read', message: 'No text could be read from this file' });
          continue;
        }
        setFile(i, { status: 'planning' }, { step: 'ai-analysis', filePercent: CLIENT_PERCENT.read });
        const body: GenerateProjectPlanBody = {
          projectId: project.id,
          projectName: project.name,
          projectType: project.type,
          budget: project.budget,
          startDate: toDateInput(project.startDate),
          endDate: toDateInput(project.endDate),
          estimateContent: content,
          fileName: source.name,
        };
        try {
          const plan = await generateRef.current(body);
          if (!plan.reused) for (const task of plan.tasks) plannedTaskIds.add(task.id);
          setFile(
            i,
            {
              status: 'planned',
              tasks: plan.tasks.length,
              reused: plan.reused,
              notes: [...warnings, ...plan.notes],
            },
            {
              step: 'finalizing',
              filePercent: CLIENT_PERCENT.planned,
              seenGenerationIds: [...state.seenGenerationIds, plan.generationId],
              finishDate: plan.finishDate,
              tasksAdded: plannedTaskIds.size,
            },
          );
        } catch (error) {
          setFile(i, { status: 'failed', stage: 'plan', message: failureReason(error) });
        }
      }

      commit({ ...state, current: null, step: 'finalizing', filePercent: 100, finishedAt: Date.now() });
      if (!hasProblems(state)) finish(state);
    },
    [finish],
  );

  /** Plans the New Project dialog's attachments into the project just created. */
  const startForNewProject = useCallback(
    (project: PlanProject, files: readonly File[]) =>
      start(
        'new-project',
        project,
        files.map((file) => ({ name: file.name, load: () => Promise.resolve(file), store: true })),
      ),
    [start],
  );

  /** Plans one stored document of the project. */
  const startForDocument = useCallback(
    (project: PlanProject, name: string, load: () => Promise<File>) =>
      start('document', project, [{ name, load, store: false }]),
    [start],
  );

  const stopAfterCurrent = useCallback(() => {
    stopRef.current = true;
    setRun((r) => (r ? { ...r, stopRequested: true } : r));
  }, []);

  /** Leaves the finished overlay (the problems read): the notice, then the project. */
  const acknowledge = useCallback(() => {
    if (run && run.finishedAt !== null) finish(run);
  }, [run, finish]);

  return {
    run,
    serverProgress: progress.data ?? null,
    startForNewProject,
    startForDocument,
    stopAfterCurrent,
    acknowledge,
  };
}

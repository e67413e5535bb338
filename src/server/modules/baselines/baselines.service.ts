import {
  type BaselineDto,
  type BaselineRef,
  type CreateBaselineBody,
  MAX_BASELINES_PER_PROJECT,
  type TaskBaseline,
} from '../../../contracts/baselines.js';
import { compareWithBaseline, projectWorkCalendar } from '../../../domain/schedule/index.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { conflict, notFound, unprocessable } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { requireProject } from '../projects/project-scope.js';
import { type BaselineTaskValues, baselinesRepo, type ListedBaselineRow } from './baselines.repo.js';

export type { BaselineTaskValues };

function toBaselineDto(row: ListedBaselineRow, isDefault: boolean): BaselineDto {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    taskCount: row.taskCount,
    isDefault,
  };
}

/** The baseline a request names, or 404 (another project's or company's id, or none yet for `default`). */
async function requireBaseline(db: Db, companyId: number, projectId: number, ref: BaselineRef) {
  const baseline = await baselinesRepo.find(db, companyId, projectId, ref);
  if (!baseline) throw notFound('baseline');
  return baseline;
}

/**
 * Adds a baseline row under a name the project does not use yet, within the caller's transaction
 * (which holds the project's row locked, so two saves of one name cannot both pass the check).
 */
async function insertNamed(tx: Db, tenant: Tenant, projectId: number, name: string, now: Date) {
  if ((await baselinesRepo.countForProject(tx, tenant.companyId, projectId)) >= MAX_BASELINES_PER_PROJECT) {
    throw unprocessable(
      'too_many_baselines',
      `A project keeps at most ${MAX_BASELINES_PER_PROJECT} baselines; delete one to save another.`,
    );
  }
  if (await baselinesRepo.nameTaken(tx, tenant.companyId, projectId, name)) {
    throw conflict('baseline_name_taken', `This project already has a baseline named "${name}".`);
  }
  return baselinesRepo.insert(tx, tenant.companyId, {
    projectId,
    name,
    createdBy: tenant.userId,
    createdAt: now,
  });
}

export function baselinesService(ctx: AppContext) {
  const { db } = ctx;

  /** The project's baselines, oldest (the default) first. */
  async function list(tenant: Tenant, projectId: number): Promise<BaselineDto[]> {
    await requireProject(db, tenant.companyId, projectId);
    const rows = await baselinesRepo.list(db, tenant.companyId, projectId);
    return rows.map((row, i) => toBaselineDto(row, i === 0));
  }

  return {
    list,

    /**
     * Saves the current start, finish and duration of every task of the project under a new name,
     * in one transaction with the project's row locked (a re-schedule running at the same time
     * either ends before or starts after). 409 for a name in use, 422 past the most kept.
     */
    async create(tenant: Tenant, projectId: number, body: CreateBaselineBody): Promise<BaselineDto> {
      const { companyId } = tenant;
      return db.transaction(async (tx) => {
        await requireProject(tx, companyId, projectId, 'update');
        const first = (await baselinesRepo.countForProject(tx, companyId, projectId)) === 0;
        const row = await insertNamed(tx, tenant, projectId, body.name, ctx.now());
        const taskCount = await baselinesRepo.snapshotTasks(tx, companyId, projectId, row.id);
        return toBaselineDto({ ...row, taskCount }, first);
      });
    },

    /** Deletes one of the project's baselines; the next oldest becomes the default. */
    async delete(tenant: Tenant, projectId: number, baselineId: number): Promise<void> {
      await requireProject(db, tenant.companyId, projectId);
      if (!(await baselinesRepo.delete(db, tenant.companyId, projectId, baselineId))) {
        throw notFound('baseline');
      }
    },

    /**
     * The project's tasks with their dates in the baseline and their finish variance in working
     * days on the project's calendar (`domain/schedule/baseline-variance.ts`).
     */
    async compare<T extends { id: number; endDate: string }>(
      tenant: Tenant,
      projectId: number,
      ref: BaselineRef,
      tasks: readonly T[],
    ): Promise<(T & TaskBaseline)[]> {
      const baseline = await requireBaseline(db, tenant.companyId, projectId, ref);
      const saved = await baselinesRepo.tasksOf(db, tenant.companyId, baseline.id);
      const dates = new Map(saved.map((s) => [s.taskId, { start: s.startDate, finish: s.finishDate }]));
      const compared = compareWithBaseline(
        projectWorkCalendar(baseline.projectCalendar),
        tasks.map((t) => ({ id: t.id, finish: t.endDate.slice(0, 10) })),
        dates,
      );
      return tasks.map((task, i) => {
        const { baselineStart, baselineFinish, finishVarianceDays } = compared[i] ?? {
          baselineStart: null,
          baselineFinish: null,
          finishVarianceDays: null,
        };
        return { ...task, baselineStart, baselineFinish, finishVarianceDays };
      });
    },

    /**
     * The dates of a baseline by task id, for the MS Project export: the named one (404 when it is
     * not the project's), or the default one, or null when the project has none.
     */
    async datesFor(
      tenant: Tenant,
      projectId: number,
      ref: BaselineRef,
    ): Promise<Map<number, BaselineTaskValues> | null> {
      const baseline = await baselinesRepo.find(db, tenant.companyId, projectId, ref);
      if (!baseline) {
        if (ref === 'default') return null;
        throw notFound('baseline');
      }
      const saved = await baselinesRepo.tasksOf(db, tenant.companyId, baseline.id);
      return new Map(saved.map((s) => [s.taskId, s]));
    },

    /**
     * Saves given dates as a new baseline of a project being created in the caller's transaction
     * (the baseline an imported schedule file carries).
     */
    async saveGiven(
      tx: Db,
      tenant: Tenant,
      projectId: number,
      name: string,
      values: readonly BaselineTaskValues[],
    ): Promise<void> {
      const row = await insertNamed(tx, tenant, projectId, name, ctx.now());
      await baselinesRepo.insertTasks(tx, tenant.companyId, row.id, values);
    },
  };
}

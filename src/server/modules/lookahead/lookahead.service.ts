/**
 * The look-ahead: read-only. Tasks come from the tasks service (the window's list, with assignee
 * names, and the stored rows for their materials), projects from the projects service, floats from
 * the schedule service's computed schedule. Nothing is written.
 */
import type {
  CompanyLookaheadDto,
  LookaheadTaskDto,
  ProjectLookaheadDto,
} from '../../../contracts/lookahead.js';
import type { TaskListItemDto } from '../../../contracts/tasks.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { Tenant } from '../../plugins/auth-context.js';
import { toProjectCalendarDto } from '../projects/project-dto.js';
import { projectsService } from '../projects/projects.service.js';
import { isoDateOf } from '../schedule/compute-schedule.js';
import { scheduleService } from '../schedule/schedule.service.js';
import { toTaskListItemDto } from '../tasks/task-list-item.js';
import { tasksService } from '../tasks/tasks.service.js';
import {
  isLookaheadWork,
  type LookaheadWindow,
  lookaheadWindow,
  type TaskFloat,
  type TaskMaterials,
  toLookaheadTaskDto,
} from './lookahead-task.js';

/** Projects under way: their work is what the company-wide look-ahead hands out. */
const UNDER_WAY = new Set(['active', 'at-risk']);

export function lookaheadService(ctx: AppContext) {
  const tasks = tasksService(ctx);
  const projects = projectsService(ctx);
  const schedule = scheduleService(ctx);

  /** The computed schedule's floats, or why there are none (a cycle, unreadable links: a 422). */
  async function floatsOf(tenant: Tenant, projectId: number) {
    try {
      const computed = await schedule.current(tenant, projectId);
      const byId = new Map<number, TaskFloat>(computed.tasks.map((t) => [t.id, t]));
      return { byId, error: null };
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 422) {
        return { byId: new Map<number, TaskFloat>(), error: err.message };
      }
      throw err;
    }
  }

  /** The stored rows' materials, by task id. */
  async function materialsOf(tenant: Tenant, projectId: number) {
    const rows = await tasks.listForProject(tenant, projectId);
    return new Map<number, TaskMaterials>(rows.map((r) => [r.id, r]));
  }

  /** One project's work in the window, with floats and materials. */
  async function projectWork(tenant: Tenant, projectId: number, items: TaskListItemDto[]) {
    const work = items.filter(isLookaheadWork);
    if (work.length === 0) return { tasks: [], error: null };
    const floats = await floatsOf(tenant, projectId);
    const materials = await materialsOf(tenant, projectId);
    return {
      tasks: work.map((item) => toLookaheadTaskDto(item, floats.byId.get(item.id), materials.get(item.id))),
      error: floats.error,
    };
  }

  async function listed(tenant: Tenant, window: LookaheadWindow, projectId?: number) {
    const rows = await tasks.list(tenant, { from: window.from, to: window.to, projectId });
    return rows.map(toTaskListItemDto);
  }

  /** A project's work for the company-wide list; a project deleted meanwhile has none. */
  async function companyProjectWork(tenant: Tenant, projectId: number, items: TaskListItemDto[]) {
    try {
      return (await projectWork(tenant, projectId, items)).tasks;
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) return [];
      throw err;
    }
  }

  const today = () => isoDateOf(ctx.now());

  return {
    /** A project's look-ahead from its data date (today when it has none); 404 for another company's. */
    async forProject(tenant: Tenant, projectId: number, weeks: number): Promise<ProjectLookaheadDto> {
      const project = await projects.get(tenant, projectId);
      const window = lookaheadWindow(project.dataDate ?? today(), weeks);
      const work = await projectWork(tenant, projectId, await listed(tenant, window, projectId));
      return {
        projectId,
        projectName: project.name,
        dataDate: project.dataDate,
        scheduleError: work.error,
        calendar: toProjectCalendarDto(project.calendar),
        ...window,
        tasks: work.tasks,
      };
    },

    /**
     * The company's look-ahead from today, over its projects under way: one window for all (each
     * project's float comes from its own schedule).
     */
    async forCompany(tenant: Tenant, weeks: number): Promise<CompanyLookaheadDto> {
      const window = lookaheadWindow(today(), weeks);
      const underWay = (await projects.list(tenant)).filter((p) => UNDER_WAY.has(p.status));
      const ids = new Set(underWay.map((p) => p.id));
      const listedWork = (await listed(tenant, window)).filter((item) => ids.has(item.projectId));
      const byProject = new Map<number, TaskListItemDto[]>();
      for (const item of listedWork) {
        const list = byProject.get(item.projectId);
        if (list) list.push(item);
        else byProject.set(item.projectId, [item]);
      }
      const done = new Map<number, LookaheadTaskDto>();
      for (const [projectId, items] of byProject) {
        for (const task of await companyProjectWork(tenant, projectId, items)) done.set(task.id, task);
      }
      // In the list's timeline order (start date, then position), across projects.
      const found = listedWork.flatMap((item) => done.get(item.id) ?? []);
      return {
        projects: underWay.map((p) => ({
          id: p.id,
          name: p.name,
          calendar: toProjectCalendarDto(p.calendar),
        })),
        ...window,
        tasks: found,
      };
    },
  };
}

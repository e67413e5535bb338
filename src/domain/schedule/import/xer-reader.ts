/**
 * Primavera P6 XER → {@link ScheduleImport}. Reads PROJECT, CALENDAR, PROJWBS, TASK and
 * TASKPRED; P6 keeps durations and lags in hours (`*_hr_cnt`) and dates as local
 * `'YYYY-MM-DD HH:mm'`.
 */
import { hoursPerDay, type WorkCalendar } from '../calendar.js';
import type { LinkType } from '../critical-path.js';
import { type IsoDateTime, parseIsoDateTime } from '../iso-date.js';
import {
  type ImportedCalendar,
  type ImportedConstraints,
  type ImportedLink,
  type ImportedTask,
  type ImportResult,
  importError,
  roundConversion,
} from './schedule-import.js';
import { decodeClndrData } from './xer-calendar.js';
import { parseXerTables, type XerRow, type XerTables } from './xer-tables.js';

/** Options of {@link readXer}. */
export interface ReadXerOptions {
  /** Which project to read when the file holds several (`PROJECT.proj_id`); default the first. */
  projectId?: string;
}

const LINK_TYPE_OF: Readonly<Record<string, LinkType>> = {
  PR_FS: 'FS',
  PR_SS: 'SS',
  PR_FF: 'FF',
  PR_SF: 'SF',
};

/** P6 activity types read as work or milestones; level-of-effort and WBS-summary activities derive their dates. */
const WORK_TYPES = new Set(['TT_Task', 'TT_Rsrc']);
const MILESTONE_TYPES = new Set(['TT_Mile', 'TT_FinMile']);

/** P6 constraint types and the bounds they set. */
const CONSTRAINT_BOUNDS: Readonly<Record<string, readonly (keyof ImportedConstraints)[]>> = {
  CS_MSO: ['startNoEarlierThan', 'startNoLaterThan'],
  CS_MSOA: ['startNoEarlierThan'],
  CS_MSOB: ['startNoLaterThan'],
  CS_MEO: ['finishNoEarlierThan', 'finishNoLaterThan'],
  CS_MEOA: ['finishNoEarlierThan'],
  CS_MEOB: ['finishNoLaterThan'],
};

/** Reads a P6 XER export (already decoded to text). */
export function readXer(text: string, options: ReadXerOptions = {}): ImportResult {
  const parsed = parseXerTables(text);
  if (!parsed.ok) return importError(parsed.error);
  const { tables } = parsed;
  const projects = tables.get('PROJECT') ?? [];
  const project = options.projectId ? projects.find((p) => p.proj_id === options.projectId) : projects[0];
  if (!project) return importError('The XER file has no project (PROJECT table).');
  const projectId = project.proj_id ?? '';
  const taskRows = (tables.get('TASK') ?? []).filter((row) => row.proj_id === projectId);
  if (taskRows.length === 0)
    return importError('The XER file has no activities for its project (TASK table).');

  const warnings: string[] = [];
  const calendar = readCalendar(tables, project, taskRows, warnings);
  if (!calendar.ok) return calendar;
  const tasks = readTasks(taskRows, phasesOf(tables, projectId), calendar.value.hoursPerDay, warnings);
  if (!tasks.ok) return tasks;
  const links = readLinks(
    tables,
    new Set(tasks.value.map((t) => t.externalId)),
    calendar.value.hoursPerDay,
    warnings,
  );
  if (!links.ok) return links;
  return {
    ok: true,
    value: {
      format: 'primavera-xer',
      project: {
        name: projectName(tables, project),
        start: instantOf(project.plan_start_date),
        dataDate: instantOf(project.last_recalc_date) ?? instantOf(project.plan_start_date),
      },
      calendar: calendar.value,
      tasks: tasks.value,
      links: links.value,
      warnings,
    },
  };
}

type Step<T> = { ok: true; value: T } | { ok: false; error: { message: string } };

function projectName(tables: XerTables, project: XerRow): string {
  const node = (tables.get('PROJWBS') ?? []).find(
    (w) => w.proj_id === project.proj_id && w.proj_node_flag === 'Y',
  );
  return node?.wbs_name || project.proj_short_name || 'Imported project';
}

/** P6 `'YYYY-MM-DD HH:mm'` → `'YYYY-MM-DDTHH:mm'`; `null` when empty or malformed. */
function instantOf(value: string | undefined): IsoDateTime | null {
  if (!value) return null;
  const candidate = value.trim().replace(' ', 'T').slice(0, 16);
  return parseIsoDateTime(candidate) ? candidate : null;
}

/** The calendar most activities use (P6 dates follow it), else the project's, else the default. */
function readCalendar(
  tables: XerTables,
  project: XerRow,
  taskRows: readonly XerRow[],
  warnings: string[],
): Step<ImportedCalendar> {
  const calendars = tables.get('CALENDAR') ?? [];
  const usage = new Map<string, number>();
  for (const row of taskRows) usage.set(row.clndr_id ?? '', (usage.get(row.clndr_id ?? '') ?? 0) + 1);
  const mostUsed = [...usage].sort((a, b) => b[1] - a[1])[0]?.[0];
  const row =
    calendars.find((c) => c.clndr_id === mostUsed) ??
    calendars.find((c) => c.clndr_id === project.clndr_id) ??
    calendars.find((c) => c.default_flag === 'Y');
  if (!row) return importError('The XER file has no calendar for its activities (CALENDAR table).');
  const others = taskRows.filter((t) => t.clndr_id !== row.clndr_id).length;
  if (others > 0) {
    warnings.push(
      `${others} activities use other calendars; every activity is scheduled on "${row.clndr_name}".`,
    );
  }
  const data = decodeClndrData(row.clndr_data ?? '');
  if (!data) return importError(`The calendar "${row.clndr_name}" could not be read (clndr_data).`);
  const calendar: WorkCalendar = {
    week: data.week,
    holidays: 'none',
    nonWorkingDates: data.exceptions.filter((e) => e.periods.length === 0).map((e) => e.date),
    exceptions: data.exceptions.filter((e) => e.periods.length > 0),
  };
  const hours = hoursPerDay(calendar);
  if (hours <= 0) return importError(`The calendar "${row.clndr_name}" has no working time.`);
  const declared = Number(row.day_hr_cnt);
  if (Number.isFinite(declared) && declared > 0 && declared !== hours) {
    warnings.push(
      `Calendar "${row.clndr_name}" states ${declared} h/day but its work periods give ${hours} h; ` +
        `days are counted at ${hours} h, as P6 dates follow the periods.`,
    );
  }
  return { ok: true, value: { name: row.clndr_name ?? '', hoursPerDay: hours, ...calendar } };
}

/** WBS element id → its name (the project's root element gives no phase). */
function phasesOf(tables: XerTables, projectId: string): Map<string, string | null> {
  const phases = new Map<string, string | null>();
  for (const wbs of tables.get('PROJWBS') ?? []) {
    if (wbs.proj_id !== projectId) continue;
    phases.set(
      wbs.wbs_id ?? '',
      wbs.proj_node_flag === 'Y' ? null : wbs.wbs_name || wbs.wbs_short_name || null,
    );
  }
  return phases;
}

function readTasks(
  rows: readonly XerRow[],
  phases: ReadonlyMap<string, string | null>,
  dayHours: number,
  warnings: string[],
): Step<ImportedTask[]> {
  const tasks: ImportedTask[] = [];
  const skipped = new Map<string, number>();
  let inProgress = 0;
  for (const row of rows) {
    const type = row.task_type ?? '';
    if (!WORK_TYPES.has(type) && !MILESTONE_TYPES.has(type)) {
      skipped.set(type, (skipped.get(type) ?? 0) + 1);
      continue;
    }
    const isMilestone = MILESTONE_TYPES.has(type);
    const hours = isMilestone ? 0 : Number(row.target_drtn_hr_cnt);
    if (!(Number.isFinite(hours) && hours >= 0)) {
      return importError(
        `Activity ${row.task_code}: its duration "${row.target_drtn_hr_cnt}" is not a number of hours.`,
      );
    }
    if (row.status_code && row.status_code !== 'TK_NotStart') inProgress++;
    tasks.push({
      externalId: row.task_id ?? '',
      code: row.task_code || null,
      name: row.task_name || row.task_code || `Activity ${row.task_id}`,
      phase: phases.get(row.wbs_id ?? '') ?? null,
      durationHours: hours,
      durationDays: roundConversion(hours / dayHours),
      isMilestone,
      constraints: constraintsOf(row, warnings),
    });
  }
  for (const [type, count] of skipped) {
    warnings.push(
      `${count} activities of type ${type || '(none)'} were left out (only tasks and milestones are imported).`,
    );
  }
  if (inProgress > 0) {
    warnings.push(
      `${inProgress} activities have progress; actual dates are not imported, they are scheduled as planned.`,
    );
  }
  return { ok: true, value: tasks };
}

function constraintsOf(row: XerRow, warnings: string[]): ImportedConstraints {
  const constraints: ImportedConstraints = {};
  for (const [typeField, dateField] of [
    ['cstr_type', 'cstr_date'],
    ['cstr_type2', 'cstr_date2'],
  ] as const) {
    const type = row[typeField];
    if (!type) continue;
    const bounds = CONSTRAINT_BOUNDS[type];
    const date = instantOf(row[dateField]);
    if (!bounds || !date) {
      warnings.push(`Activity ${row.task_code}: constraint ${type} is not supported and was left out.`);
      continue;
    }
    for (const bound of bounds) constraints[bound] = date;
  }
  return constraints;
}

function readLinks(
  tables: XerTables,
  taskIds: ReadonlySet<string>,
  dayHours: number,
  warnings: string[],
): Step<ImportedLink[]> {
  const links: ImportedLink[] = [];
  let dropped = 0;
  for (const row of tables.get('TASKPRED') ?? []) {
    const predecessorId = row.pred_task_id ?? '';
    const successorId = row.task_id ?? '';
    if (!taskIds.has(predecessorId) || !taskIds.has(successorId)) {
      dropped++;
      continue;
    }
    const type = LINK_TYPE_OF[row.pred_type ?? ''];
    if (!type) return importError(`Relationship ${row.task_pred_id} has an unknown type "${row.pred_type}".`);
    const lagHours = Number(row.lag_hr_cnt || 0);
    if (!Number.isFinite(lagHours))
      return importError(`Relationship ${row.task_pred_id} has a lag that is not a number.`);
    links.push({ predecessorId, successorId, type, lagHours, lagDays: roundConversion(lagHours / dayHours) });
  }
  if (dropped > 0) {
    warnings.push(
      `${dropped} relationships to activities outside the import (other projects or left-out types) were dropped.`,
    );
  }
  return { ok: true, value: links };
}

/**
 * MS Project XML (MSPDI) → {@link ScheduleImport}, from an already-parsed document: the plain
 * object an XML parser such as fast-xml-parser returns (`new XMLParser().parse(xml)`), so the
 * domain needs no XML library. Single elements may come as an object or an array, values as
 * strings or numbers; both are accepted. (Parsing with `parseTagValue: false` keeps text such as
 * task names exactly as written.)
 *
 * MSPDI stores durations as ISO-8601 working time (`PT8H0M0S`), lags in tenths of a minute
 * (`LinkLag` 4800 = 8 h), link types as 0 = FF, 1 = FS, 2 = SF, 3 = SS, and weekdays as
 * `DayType` 1 = Sunday … 7 = Saturday. A task's baseline 0 (`<Baseline><Number>0</Number>…`), the one
 * MS Project compares with by default, is read as its baseline; other numbered baselines are not.
 */
import { hoursPerDay as periodHoursPerDay, standardDayPeriods, type WorkPeriod } from '../calendar.js';
import type { LinkType } from '../critical-path.js';
import { type IsoDateTime, isoDateOfSerial, parseClockTime, parseIsoDateTime } from '../iso-date.js';
import {
  type ImportedBaseline,
  type ImportedCalendar,
  type ImportedConstraints,
  type ImportedLink,
  type ImportedTask,
  type ImportResult,
  importError,
  roundConversion,
} from './schedule-import.js';

type XmlObject = Readonly<Record<string, unknown>>;

const LINK_TYPE_OF: Readonly<Record<number, LinkType>> = { 0: 'FF', 1: 'FS', 2: 'SF', 3: 'SS' };
const CONSTRAINT_BOUNDS: Readonly<Record<number, readonly (keyof ImportedConstraints)[]>> = {
  2: ['startNoEarlierThan', 'startNoLaterThan'],
  3: ['finishNoEarlierThan', 'finishNoLaterThan'],
  4: ['startNoEarlierThan'],
  5: ['startNoLaterThan'],
  6: ['finishNoEarlierThan'],
  7: ['finishNoLaterThan'],
};
/** `LagFormat` codes of elapsed time (em, eh, ed, ew, emo) and of percentages (%, e%). */
const ELAPSED_LAG_FORMATS = new Set([4, 6, 8, 10, 12]);
const PERCENT_LAG_FORMATS = new Set([19, 20]);
/** Longest exception range expanded day by day (ten years). */
const MAX_EXCEPTION_DAYS = 3_660;

/** Reads a parsed MSPDI document (see the module comment). */
export function readMspdi(document: unknown): ImportResult {
  const project = isObject(document) && isObject(document.Project) ? document.Project : document;
  if (!isObject(project) || !('Tasks' in project)) {
    return importError('This is not an MS Project XML file (no Project with Tasks).');
  }
  const warnings: string[] = [];
  const minutesPerDay = numberOf(project.MinutesPerDay) ?? 480;
  const calendar = readCalendar(project, minutesPerDay / 60, warnings);
  if (numberOf(project.ScheduleFromStart) === 0) {
    warnings.push('The project is scheduled from its finish in MS Project; it is scheduled forward here.');
  }
  const tasks = readTasks(project, calendar.hoursPerDay, warnings);
  if (!tasks.ok) return tasks;
  const start = instantOf(project.StartDate);
  return {
    ok: true,
    value: {
      format: 'ms-project-xml',
      project: {
        name: textOf(project.Name) ?? textOf(project.Title) ?? 'Imported project',
        start,
        dataDate: instantOf(project.StatusDate) ?? start,
      },
      calendar,
      tasks: tasks.value.tasks,
      links: tasks.value.links,
      warnings,
    },
  };
}

function isObject(value: unknown): value is XmlObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listOf(value: unknown): XmlObject[] {
  const items = Array.isArray(value)
    ? value
    : value === undefined || value === null || value === ''
      ? []
      : [value];
  return items.filter(isObject);
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function numberOf(value: unknown): number | null {
  const text = textOf(value);
  if (text === null) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** `'2006-09-21T08:00:00'` → `'2006-09-21T08:00'`; `null` when missing or malformed. */
function instantOf(value: unknown): IsoDateTime | null {
  const text = textOf(value);
  if (!text) return null;
  const split = parseIsoDateTime(text);
  return split ? text.replace(' ', 'T').slice(0, 16) : null;
}

/** Hours of an ISO-8601 duration such as `PT8H0M0S` or `P1DT4H` (a day counts 24 h, as ISO says). */
export function hoursOfIsoDuration(value: string): number | null {
  const match =
    /^(-)?P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      value.trim(),
    );
  if (!match || value.trim() === 'P' || value.trim() === 'PT') return null;
  const [days, hours, minutes, seconds] = [match[2], match[3], match[4], match[5]].map((part) =>
    Number(part ?? 0),
  ) as [number, number, number, number];
  const total = days * 24 + hours + minutes / 60 + seconds / 3600;
  return match[1] ? -total : total;
}

// ---------------------------------------------------------------- calendar

function readCalendar(project: XmlObject, fileHoursPerDay: number, warnings: string[]): ImportedCalendar {
  const calendars = listOf(isObject(project.Calendars) ? project.Calendars.Calendar : undefined);
  const uid = textOf(project.CalendarUID);
  const chosen =
    calendars.find((c) => textOf(c.UID) === uid) ?? calendars.find((c) => numberOf(c.IsBaseCalendar) === 1);
  const week: WorkPeriod[][] = [[], [], [], [], [], [], []];
  const nonWorkingDates: string[] = [];
  const exceptions: { date: string; periods: WorkPeriod[] }[] = [];
  if (!chosen) {
    warnings.push('The file has no calendar; Monday–Friday 08:00–17:00 is used.');
    for (const weekday of [1, 2, 3, 4, 5]) week[weekday] = standardDayPeriods(8);
  }
  const lineage = chosen ? calendarLineage(chosen, calendars) : [];
  const defined = new Set<number>();
  for (const calendar of lineage) {
    for (const day of listOf(isObject(calendar.WeekDays) ? calendar.WeekDays.WeekDay : undefined)) {
      const dayType = numberOf(day.DayType);
      if (dayType === 0) addException(day, nonWorkingDates, exceptions, warnings);
      else if (dayType !== null && dayType >= 1 && dayType <= 7 && !defined.has(dayType)) {
        defined.add(dayType);
        week[dayType - 1] = numberOf(day.DayWorking) === 1 ? periodsOf(day) : [];
      }
    }
    for (const exception of listOf(
      isObject(calendar.Exceptions) ? calendar.Exceptions.Exception : undefined,
    )) {
      addException(exception, nonWorkingDates, exceptions, warnings);
    }
  }
  const calendar = { week, holidays: 'none' as const, nonWorkingDates, exceptions };
  const periodHours = periodHoursPerDay(calendar);
  if (periodHours > 0 && periodHours !== fileHoursPerDay) {
    warnings.push(
      `The file counts ${fileHoursPerDay} h per day but its calendar's working day has ${periodHours} h.`,
    );
  }
  return { name: textOf(chosen?.Name) ?? 'Standard', hoursPerDay: fileHoursPerDay, ...calendar };
}

/** The calendar and the base calendars it derives from, nearest first. */
function calendarLineage(calendar: XmlObject, all: readonly XmlObject[]): XmlObject[] {
  const lineage = [calendar];
  let current = calendar;
  while (lineage.length < 10) {
    const baseUid = textOf(current.BaseCalendarUID);
    const base = all.find((c) => textOf(c.UID) === baseUid && !lineage.includes(c));
    if (!base) break;
    lineage.push(base);
    current = base;
  }
  return lineage;
}

function periodsOf(day: XmlObject): WorkPeriod[] {
  const times = listOf(isObject(day.WorkingTimes) ? day.WorkingTimes.WorkingTime : undefined);
  const periods: WorkPeriod[] = [];
  for (const time of times) {
    const start = parseClockTime(textOf(time.FromTime) ?? '');
    const end = parseClockTime(textOf(time.ToTime) ?? '');
    if (start === null || end === null) continue;
    periods.push({ start, end: end <= start ? 1440 : end });
  }
  return periods.sort((a, b) => a.start - b.start);
}

/** A dated exception (old `WeekDay` with `DayType` 0, or a 2007+ `Exception`) spread over its days. */
function addException(
  exception: XmlObject,
  nonWorkingDates: string[],
  exceptions: { date: string; periods: WorkPeriod[] }[],
  warnings: string[],
): void {
  const type = numberOf(exception.Type);
  if (type !== null && type !== 1) {
    warnings.push(`A recurring calendar exception (${textOf(exception.Name) ?? 'unnamed'}) was left out.`);
    return;
  }
  const period = isObject(exception.TimePeriod) ? exception.TimePeriod : {};
  const from = parseIsoDateTime(textOf(period.FromDate) ?? '');
  const to = parseIsoDateTime(textOf(period.ToDate) ?? '');
  if (!from || !to || to.serial - from.serial > MAX_EXCEPTION_DAYS) {
    warnings.push('A calendar exception without a usable date range was left out.');
    return;
  }
  const working = numberOf(exception.DayWorking) === 1;
  const periods = working ? periodsOf(exception) : [];
  for (let serial = from.serial; serial <= to.serial; serial++) {
    const date = isoDateOfSerial(serial);
    if (working && periods.length > 0) exceptions.push({ date, periods });
    else nonWorkingDates.push(date);
  }
}

// ---------------------------------------------------------------- tasks and links

interface TasksAndLinks {
  tasks: ImportedTask[];
  links: ImportedLink[];
}

type Step<T> = { ok: true; value: T } | { ok: false; error: { message: string } };

function readTasks(project: XmlObject, dayHours: number, warnings: string[]): Step<TasksAndLinks> {
  const rows = listOf(isObject(project.Tasks) ? project.Tasks.Task : undefined);
  const tasks: ImportedTask[] = [];
  const summaries = new Set<string>();
  const seen = new Set<string>();
  const outline: string[] = [];
  const pending: { row: XmlObject; successorId: string }[] = [];
  for (const row of rows) {
    const uid = textOf(row.UID);
    const level = numberOf(row.OutlineLevel) ?? 1;
    if (uid === null || numberOf(row.IsNull) === 1 || level === 0) continue;
    if (seen.has(uid)) return importError(`Task UID ${uid} appears twice.`);
    seen.add(uid);
    const name = textOf(row.Name) ?? `Task ${uid}`;
    outline.length = Math.max(0, level - 1);
    if (numberOf(row.Summary) === 1) {
      summaries.add(uid);
      outline[level - 1] = name;
      continue;
    }
    const hours = hoursOfIsoDuration(textOf(row.Duration) ?? 'PT0H');
    if (hours === null || hours < 0)
      return importError(`Task ${name}: its duration "${textOf(row.Duration)}" is not readable.`);
    tasks.push({
      externalId: uid,
      code: textOf(row.ID),
      name,
      phase: outline[level - 2] ?? null,
      durationHours: roundConversion(hours),
      durationDays: roundConversion(hours / dayHours),
      isMilestone: numberOf(row.Milestone) === 1,
      constraints: constraintsOf(row, name, warnings),
      ...baselineOf(row),
    });
    pending.push({ row, successorId: uid });
  }
  const links = readLinks(pending, tasks, summaries, dayHours, warnings);
  if (!links.ok) return links;
  return { ok: true, value: { tasks, links: links.value } };
}

/** The task's baseline 0 with both dates, as `{baseline}`; nothing when it has none. */
function baselineOf(row: XmlObject): { baseline?: ImportedBaseline } {
  const saved = listOf(row.Baseline).find((b) => numberOf(b.Number) === 0);
  const start = saved && instantOf(saved.Start);
  const finish = saved && instantOf(saved.Finish);
  if (!start || !finish) return {};
  const hours = hoursOfIsoDuration(textOf(saved.Duration) ?? '');
  return {
    baseline: {
      start,
      finish: finish < start ? start : finish,
      durationHours: hours !== null && hours >= 0 ? roundConversion(hours) : 0,
    },
  };
}

function constraintsOf(row: XmlObject, name: string, warnings: string[]): ImportedConstraints {
  const type = numberOf(row.ConstraintType) ?? 0;
  if (type === 0) return {};
  const bounds = CONSTRAINT_BOUNDS[type];
  const date = instantOf(row.ConstraintDate);
  if (!bounds || !date) {
    warnings.push(`Task ${name}: constraint type ${type} is not supported and was left out.`);
    return {};
  }
  const constraints: ImportedConstraints = {};
  for (const bound of bounds) constraints[bound] = date;
  return constraints;
}

function readLinks(
  pending: readonly { row: XmlObject; successorId: string }[],
  tasks: readonly ImportedTask[],
  summaries: ReadonlySet<string>,
  dayHours: number,
  warnings: string[],
): Step<ImportedLink[]> {
  const hoursById = new Map(tasks.map((t) => [t.externalId, t.durationHours]));
  const links: ImportedLink[] = [];
  let dropped = 0;
  for (const { row, successorId } of pending) {
    for (const link of listOf(row.PredecessorLink)) {
      const predecessorId = textOf(link.PredecessorUID) ?? '';
      const predecessorHours = hoursById.get(predecessorId);
      if (predecessorHours === undefined) {
        if (summaries.has(predecessorId) || numberOf(link.CrossProject) === 1 || predecessorId === '')
          dropped++;
        else
          return importError(
            `Task UID ${successorId} has a predecessor UID ${predecessorId} that is not in the file.`,
          );
        continue;
      }
      const type = LINK_TYPE_OF[numberOf(link.Type) ?? 1];
      if (!type)
        return importError(`Task UID ${successorId} has a link of unknown type "${textOf(link.Type)}".`);
      const lagHours = lagHoursOf(link, predecessorHours, warnings);
      links.push({
        predecessorId,
        successorId,
        type,
        lagHours,
        lagDays: roundConversion(lagHours / dayHours),
      });
    }
  }
  if (dropped > 0) warnings.push(`${dropped} links to summary tasks or other projects were left out.`);
  return { ok: true, value: links };
}

/** `LinkLag` is in tenths of a minute, or in tenths of a percent of the predecessor's duration. */
function lagHoursOf(link: XmlObject, predecessorHours: number, warnings: string[]): number {
  const raw = numberOf(link.LinkLag) ?? 0;
  const format = numberOf(link.LagFormat) ?? 7;
  if (PERCENT_LAG_FORMATS.has(format)) return roundConversion((predecessorHours * raw) / 1000);
  if (ELAPSED_LAG_FORMATS.has(format) && raw !== 0) {
    warnings.push('An elapsed-time lag is counted as working time.');
  }
  return roundConversion(raw / 600);
}

/**
 * A project → MS Project XML (MSPDI, as MS Project 2010 saves it), which MS Project and ProjectLibre
 * (through MPXJ) open. Elements follow the schema's sequence order, which MS Project enforces.
 *
 * - One base calendar (named as the project's calendar, "Standard" by default): the working week
 *   with its periods, and every dated exception — non-working dates (holidays) and worked dates —
 *   written twice, as pre-2007 `WeekDay` exceptions and 2007+ `Exceptions`, sorted (MS Project
 *   ignores unsorted ones; newer versions prefer the 2007 form, other tools the old one).
 * - A task's start-no-earlier-than date is written as constraint type 4 with its date.
 * - Phases become summary tasks (outline level 1) over their tasks; tasks without a phase sit at
 *   level 1. UIDs and IDs are the row numbers (0 is the project summary task).
 * - Durations are working hours at the calendar's hours per day (`PT16H0M0S` = 2 days); links carry
 *   Type 0 = FF, 1 = FS, 2 = SF, 3 = SS and `LinkLag` in tenths of a minute (1 day = 4,800).
 * - Costs (MSPDI currency is in hundredths) are written as the task's fixed cost.
 * - A task's baseline dates, when given, are written as its baseline 0 (`mspdi-baseline.ts`).
 */
import {
  createWorkingDayIndex,
  type Dependency,
  type IsoDate,
  type LinkType,
  offsetOfDate,
  periodMinutes,
  type WorkCalendar,
} from '../../../domain/schedule/index.js';
import { isoHours, type MspdiBaselineElement, writeBaseline } from './mspdi-baseline.js';

export interface MspdiTask {
  id: number;
  name: string;
  notes: string | null;
  phase: string | null;
  /** Working days; 0 is a milestone. */
  duration: number;
  startDate: IsoDate;
  endDate: IsoDate;
  isCritical: boolean;
  progress: number;
  /** Predecessors within the project. */
  predecessors: readonly Dependency[];
  /** Planned cost in cents, when known. */
  costCents: number | null;
  /** The task may not start before this day. */
  startNoEarlierThan?: IsoDate | null;
  /** Its dates in the baseline written (none: no baseline element). */
  baseline?: { startDate: IsoDate; endDate: IsoDate; duration: number } | null;
}

export interface MspdiProject {
  name: string;
  /** The project's first working day. */
  startDate: IsoDate;
  /** The last working day of the latest task. */
  finishDate: IsoDate;
  calendar: WorkCalendar;
  /** Days off besides the weekly pattern (the holidays over the project's years). */
  nonWorkingDates: readonly { date: IsoDate; name: string }[];
  /** Days worked although the weekly pattern says not (worked with a normal day's hours). */
  workingDates?: readonly IsoDate[];
  /** The calendar's name; default "Standard". */
  calendarName?: string;
}

const LINK_TYPE_CODE: Readonly<Record<LinkType, number>> = { FF: 0, FS: 1, SF: 2, SS: 3 };
/** MSPDI duration format 7: days. */
const DAYS_FORMAT = 7;

/** The MSPDI document of a project (see the module comment). */
export function writeMspdi(project: MspdiProject, tasks: readonly MspdiTask[]): string {
  const hoursPerDay = dayHours(project.calendar);
  const minutesPerDay = Math.round(hoursPerDay * 60);
  const workDays = project.calendar.week.filter((periods) => periodMinutes(periods) > 0).length;
  const clock = dayClock(project.calendar);
  const days = workingDaysBetween(project.calendar, project.startDate);
  const rows = outline(tasks);
  const uidOf = new Map<number, number>();
  for (const row of rows) if (row.kind === 'task') uidOf.set(row.task.id, row.uid);

  const out: string[] = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'];
  out.push('<Project xmlns="http://schemas.microsoft.com/project">');
  const field = (indent: number, name: string, value: string | number) =>
    out.push(
      `${'\t'.repeat(indent)}<${name}>${typeof value === 'number' ? value : xmlText(value)}</${name}>`,
    );
  field(1, 'SaveVersion', 14);
  field(1, 'Name', project.name);
  field(1, 'Title', project.name);
  field(1, 'ScheduleFromStart', 1);
  field(1, 'StartDate', clock.start(project.startDate));
  field(
    1,
    'FinishDate',
    tasks.length === 0 ? clock.start(project.startDate) : clock.finish(project.finishDate),
  );
  field(1, 'FYStartDate', 1);
  field(1, 'CriticalSlackLimit', 0);
  field(1, 'CurrencyDigits', 2);
  field(1, 'CurrencySymbol', '$');
  field(1, 'CurrencyCode', 'USD');
  field(1, 'CurrencySymbolPosition', 0);
  field(1, 'CalendarUID', 1);
  field(1, 'DefaultStartTime', `${clock.dayStart}:00`);
  field(1, 'DefaultFinishTime', `${clock.dayEnd}:00`);
  field(1, 'MinutesPerDay', minutesPerDay);
  field(1, 'MinutesPerWeek', minutesPerDay * workDays);
  field(1, 'DaysPerMonth', 20);
  field(1, 'DefaultTaskType', 0);
  field(1, 'DefaultFixedCostAccrual', 3);
  field(1, 'DurationFormat', DAYS_FORMAT);
  field(1, 'WorkFormat', 2);
  field(1, 'HonorConstraints', 0);
  field(1, 'WeekStartDay', 0);
  writeCalendar(out, field, project);

  out.push('\t<Tasks>');
  const empty = tasks.length === 0;
  writeTask(out, field, {
    uid: 0,
    name: project.name,
    outlineNumber: '0',
    level: 0,
    start: clock.start(project.startDate),
    finish: empty ? clock.start(project.startDate) : clock.finish(project.finishDate),
    hours: empty ? 0 : days(project.finishDate) * hoursPerDay,
    milestone: false,
    summary: true,
    critical: tasks.some((t) => t.isCritical),
    progress: null,
    costCents: null,
    notes: null,
    constraintStart: null,
    links: [],
    baseline: null,
  });
  for (const row of rows) {
    if (row.kind === 'phase') {
      const start = minDate(row.tasks.map((t) => t.startDate));
      const finish = maxDate(row.tasks.map((t) => t.endDate));
      writeTask(out, field, {
        uid: row.uid,
        name: row.name,
        outlineNumber: row.outlineNumber,
        level: 1,
        start: clock.start(start),
        finish: clock.finish(finish),
        hours: (days(finish) - days(start, true)) * hoursPerDay,
        milestone: false,
        summary: true,
        critical: row.tasks.some((t) => t.isCritical),
        progress: null,
        costCents: null,
        notes: null,
        constraintStart: null,
        links: [],
        baseline: null,
      });
      continue;
    }
    const { task } = row;
    const milestone = task.duration === 0;
    // A milestone marks the end of the work before it; one with no predecessors on the first day, its start.
    const atStart = milestone && task.predecessors.length === 0 && task.startDate <= project.startDate;
    writeTask(out, field, {
      uid: row.uid,
      name: task.name,
      outlineNumber: row.outlineNumber,
      level: row.level,
      start: milestone && !atStart ? clock.finish(task.startDate) : clock.start(task.startDate),
      finish: milestone && atStart ? clock.start(task.endDate) : clock.finish(task.endDate),
      hours: task.duration * hoursPerDay,
      milestone,
      summary: false,
      critical: task.isCritical,
      progress: task.progress,
      costCents: task.costCents,
      notes: task.notes,
      constraintStart: task.startNoEarlierThan ? clock.start(task.startNoEarlierThan) : null,
      links: task.predecessors.flatMap((p) => {
        const uid = uidOf.get(p.taskId);
        return uid === undefined ? [] : [{ uid, type: p.type, lag: p.lagDays * minutesPerDay * 10 }];
      }),
      baseline: task.baseline
        ? {
            start: milestone ? clock.finish(task.baseline.startDate) : clock.start(task.baseline.startDate),
            finish: clock.finish(task.baseline.endDate),
            hours: task.baseline.duration * hoursPerDay,
          }
        : null,
    });
  }
  out.push('\t</Tasks>');
  out.push('</Project>');
  return `${out.join('\n')}\n`;
}

type Field = (indent: number, name: string, value: string | number) => void;

interface TaskElement {
  uid: number;
  name: string;
  outlineNumber: string;
  level: number;
  start: string;
  finish: string;
  hours: number;
  milestone: boolean;
  summary: boolean;
  critical: boolean;
  progress: number | null;
  costCents: number | null;
  notes: string | null;
  /** Start no earlier than this instant (constraint type 4), or null (as soon as possible). */
  constraintStart: string | null;
  links: { uid: number; type: LinkType; lag: number }[];
  baseline: MspdiBaselineElement | null;
}

function writeTask(out: string[], field: Field, task: TaskElement): void {
  out.push('\t\t<Task>');
  field(3, 'UID', task.uid);
  field(3, 'ID', task.uid);
  field(3, 'Name', task.name);
  field(3, 'Type', task.summary ? 1 : 0);
  field(3, 'IsNull', 0);
  field(3, 'WBS', task.outlineNumber);
  field(3, 'OutlineNumber', task.outlineNumber);
  field(3, 'OutlineLevel', task.level);
  field(3, 'Start', task.start);
  field(3, 'Finish', task.finish);
  field(3, 'Duration', isoHours(task.hours));
  field(3, 'DurationFormat', DAYS_FORMAT);
  field(3, 'Milestone', task.milestone ? 1 : 0);
  field(3, 'Summary', task.summary ? 1 : 0);
  field(3, 'Critical', task.critical ? 1 : 0);
  if (task.costCents !== null) {
    field(3, 'FixedCost', task.costCents);
    field(3, 'FixedCostAccrual', 3);
  }
  if (task.progress !== null) field(3, 'PercentComplete', task.progress);
  if (task.costCents !== null) field(3, 'Cost', task.costCents);
  field(3, 'ConstraintType', task.constraintStart ? 4 : 0);
  field(3, 'CalendarUID', -1);
  if (task.constraintStart) field(3, 'ConstraintDate', task.constraintStart);
  if (task.notes) field(3, 'Notes', task.notes);
  for (const link of task.links) {
    out.push('\t\t\t<PredecessorLink>');
    field(4, 'PredecessorUID', link.uid);
    field(4, 'Type', LINK_TYPE_CODE[link.type]);
    field(4, 'CrossProject', 0);
    field(4, 'LinkLag', link.lag);
    field(4, 'LagFormat', DAYS_FORMAT);
    out.push('\t\t\t</PredecessorLink>');
  }
  if (task.baseline) writeBaseline(out, field, task.baseline, DAYS_FORMAT);
  out.push('\t\t</Task>');
}

/** A dated exception of the calendar: a day off (`periods` empty) or a worked day. */
interface DatedException {
  date: IsoDate;
  name: string;
  periods: readonly { start: number; end: number }[];
}

function writeCalendar(out: string[], field: Field, project: MspdiProject): void {
  const workday = project.calendar.week.find((periods) => periodMinutes(periods) > 0) ?? [];
  const holidays: DatedException[] = [
    ...project.nonWorkingDates.map((h) => ({ ...h, periods: [] })),
    ...(project.workingDates ?? []).map((date) => ({ date, name: 'Working day', periods: workday })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  out.push('\t<Calendars>');
  out.push('\t\t<Calendar>');
  field(3, 'UID', 1);
  field(3, 'Name', project.calendarName || 'Standard');
  field(3, 'IsBaseCalendar', 1);
  field(3, 'BaseCalendarUID', -1);
  out.push('\t\t\t<WeekDays>');
  project.calendar.week.forEach((periods, weekday) => {
    out.push('\t\t\t\t<WeekDay>');
    field(5, 'DayType', weekday + 1);
    field(5, 'DayWorking', periods.length > 0 ? 1 : 0);
    writeWorkingTimes(out, field, periods, 5);
    out.push('\t\t\t\t</WeekDay>');
  });
  for (const { date, periods } of holidays) {
    out.push('\t\t\t\t<WeekDay>');
    field(5, 'DayType', 0);
    field(5, 'DayWorking', periods.length > 0 ? 1 : 0);
    out.push('\t\t\t\t\t<TimePeriod>');
    field(6, 'FromDate', `${date}T00:00:00`);
    field(6, 'ToDate', `${date}T23:59:00`);
    out.push('\t\t\t\t\t</TimePeriod>');
    writeWorkingTimes(out, field, periods, 5);
    out.push('\t\t\t\t</WeekDay>');
  }
  out.push('\t\t\t</WeekDays>');
  if (holidays.length > 0) {
    out.push('\t\t\t<Exceptions>');
    for (const { date, name, periods } of holidays) {
      out.push('\t\t\t\t<Exception>');
      field(5, 'EnteredByOccurrences', 0);
      out.push('\t\t\t\t\t<TimePeriod>');
      field(6, 'FromDate', `${date}T00:00:00`);
      field(6, 'ToDate', `${date}T23:59:00`);
      out.push('\t\t\t\t\t</TimePeriod>');
      field(5, 'Occurrences', 1);
      field(5, 'Name', name);
      field(5, 'Type', 1);
      field(5, 'DayWorking', periods.length > 0 ? 1 : 0);
      writeWorkingTimes(out, field, periods, 5);
      out.push('\t\t\t\t</Exception>');
    }
    out.push('\t\t\t</Exceptions>');
  }
  out.push('\t\t</Calendar>');
  out.push('\t</Calendars>');
}

function writeWorkingTimes(
  out: string[],
  field: Field,
  periods: readonly { start: number; end: number }[],
  indent: number,
): void {
  if (periods.length === 0) return;
  const tabs = '\t'.repeat(indent);
  out.push(`${tabs}<WorkingTimes>`);
  for (const period of periods) {
    out.push(`${tabs}\t<WorkingTime>`);
    field(indent + 2, 'FromTime', `${clockTime(period.start)}:00`);
    field(indent + 2, 'ToTime', `${clockTime(period.end % 1440)}:00`);
    out.push(`${tabs}\t</WorkingTime>`);
  }
  out.push(`${tabs}</WorkingTimes>`);
}

// ---------------------------------------------------------------- outline

type OutlineRow =
  | { kind: 'phase'; uid: number; outlineNumber: string; name: string; tasks: MspdiTask[] }
  | { kind: 'task'; uid: number; outlineNumber: string; level: number; task: MspdiTask };

/**
 * Phases in the order their first task appears, each followed by its tasks; tasks without a phase
 * at the top level where they fall. UIDs are the row numbers from 1.
 */
function outline(tasks: readonly MspdiTask[]): OutlineRow[] {
  type Entry = { phase: string; tasks: MspdiTask[] } | { task: MspdiTask };
  const entries: Entry[] = [];
  const phases = new Map<string, MspdiTask[]>();
  for (const task of tasks) {
    const phase = task.phase?.trim();
    if (!phase) {
      entries.push({ task });
      continue;
    }
    let list = phases.get(phase);
    if (!list) {
      list = [];
      phases.set(phase, list);
      entries.push({ phase, tasks: list });
    }
    list.push(task);
  }
  const rows: OutlineRow[] = [];
  let uid = 0;
  entries.forEach((entry, i) => {
    const number = String(i + 1);
    if ('task' in entry) {
      rows.push({ kind: 'task', uid: ++uid, outlineNumber: number, level: 1, task: entry.task });
      return;
    }
    rows.push({ kind: 'phase', uid: ++uid, outlineNumber: number, name: entry.phase, tasks: entry.tasks });
    entry.tasks.forEach((task, j) => {
      rows.push({ kind: 'task', uid: ++uid, outlineNumber: `${number}.${j + 1}`, level: 2, task });
    });
  });
  return rows;
}

// ---------------------------------------------------------------- time

/** When a working day starts and ends (`HH:mm`), from the first worked weekday's periods. */
function dayClock(calendar: WorkCalendar) {
  const day = calendar.week.find((periods) => periods.length > 0) ?? [];
  const dayStart = clockTime(day[0]?.start ?? 8 * 60);
  const dayEnd = clockTime((day[day.length - 1]?.end ?? 17 * 60) % 1440);
  return {
    dayStart,
    dayEnd,
    start: (date: IsoDate) => `${date}T${dayStart}:00`,
    finish: (date: IsoDate) => `${date}T${dayEnd}:00`,
  };
}

/**
 * Working days from the first working day on or after `from` through a date: the end of `date`
 * (`startOf` false) or its start (`startOf` true).
 */
function workingDaysBetween(calendar: WorkCalendar, from: IsoDate) {
  const index = createWorkingDayIndex(calendar, from);
  return (date: IsoDate, startOf = false) => Math.max(0, offsetOfDate(index, date) + (startOf ? 0 : 1));
}

function dayHours(calendar: WorkCalendar): number {
  const day = calendar.week.find((periods) => periodMinutes(periods) > 0) ?? [];
  return periodMinutes(day) / 60 || 8;
}

function clockTime(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

const minDate = (dates: readonly IsoDate[]) => dates.reduce((a, b) => (b < a ? b : a));
const maxDate = (dates: readonly IsoDate[]) => dates.reduce((a, b) => (b > a ? b : a));

// ---------------------------------------------------------------- XML text

/** Whether XML 1.0 can hold a code point (not control characters other than tab and line breaks, U+FFFE/F or lone surrogates). */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    code >= 0x10000
  );
}

/** Escapes text for XML and drops the characters XML 1.0 cannot hold. */
export function xmlText(value: string): string {
  let kept = '';
  for (const char of value) if (isXmlChar(char.codePointAt(0) ?? 0)) kept += char;
  return kept
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * The one structure every schedule-file reader produces (Primavera P6 XER, MS Project MSPDI
 * XML): what the import API turns into a project, its phases, tasks, links and calendar.
 */
import type { WorkCalendar } from '../calendar.js';
import type { LinkType } from '../critical-path.js';
import type { IsoDateTime } from '../iso-date.js';

/** Which kind of file an import came from. */
export type ScheduleFileFormat = 'primavera-xer' | 'ms-project-xml';

/** The project as the file states it. */
export interface ImportedProject {
  name: string;
  /** Planned start, local time. */
  start: IsoDateTime | null;
  /** Data date (status date): scheduling starts here. `null` when the file has none. */
  dataDate: IsoDateTime | null;
}

/** The file's calendar, as a {@link WorkCalendar} (holidays listed, no holiday rule). */
export interface ImportedCalendar extends WorkCalendar {
  name: string;
  /**
   * Working hours of a day as the calendar's work periods give them; day durations are
   * converted at this rate.
   */
  hoursPerDay: number;
}

/** Date constraints on a task, as local instants. */
export interface ImportedConstraints {
  startNoEarlierThan?: IsoDateTime;
  finishNoEarlierThan?: IsoDateTime;
  startNoLaterThan?: IsoDateTime;
  finishNoLaterThan?: IsoDateTime;
}

/** One activity of the file. */
export interface ImportedTask {
  /** The file's own unique id (P6 `task_id`, MS Project `UID`): links refer to it. */
  externalId: string;
  /** The activity code shown to users (P6 `task_code`, MS Project `ID`/`WBS`), if any. */
  code: string | null;
  name: string;
  /** The WBS element or summary task it sits under; becomes the task's phase. */
  phase: string | null;
  /** Planned duration in working hours. */
  durationHours: number;
  /** The same in working days, at the calendar's hours per day (may be fractional). */
  durationDays: number;
  isMilestone: boolean;
  constraints: ImportedConstraints;
  /** The task's dates in the file's baseline (MS Project's baseline 0), when it has one. */
  baseline?: ImportedBaseline;
}

/** A task's dates in the file's baseline, as local instants, and its duration then in working hours. */
export interface ImportedBaseline {
  start: IsoDateTime;
  finish: IsoDateTime;
  durationHours: number;
}

/** One predecessor link of the file. */
export interface ImportedLink {
  predecessorId: string;
  successorId: string;
  type: LinkType;
  /** Lag in working hours (negative = lead). */
  lagHours: number;
  /** The same in working days, at the calendar's hours per day. */
  lagDays: number;
}

/** A schedule file read into plain data, with what could not be carried over. */
export interface ScheduleImport {
  format: ScheduleFileFormat;
  project: ImportedProject;
  calendar: ImportedCalendar;
  tasks: ImportedTask[];
  links: ImportedLink[];
  /** Things the file holds that were simplified or left out, in plain words. */
  warnings: string[];
}

/** Why a file could not be read: one sentence for the user. */
export interface ImportError {
  message: string;
}

/** A reader's answer. */
export type ImportResult = { ok: true; value: ScheduleImport } | { ok: false; error: ImportError };

/** Rounds to 1e-6 so hour ↔ day conversions do not carry binary noise. */
export function roundConversion(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** A failed read. */
export function importError(message: string): { ok: false; error: ImportError } {
  return { ok: false, error: { message } };
}

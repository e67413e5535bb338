/**
 * What the insight rules read (the company's own data as plain values) and what they produce.
 * Dates are `YYYY-MM-DD` strings; money is a number in its project's currency.
 */
import type { IsoDate } from '../schedule/index.js';

export type InsightKind = 'risk' | 'opportunity' | 'recommendation';
export type InsightLevel = 'high' | 'medium' | 'low';

export interface InsightProject {
  id: number;
  name: string;
  status: string;
  budget: number;
  /** The ISO 4217 code of the currency the project keeps its money in (budget and task costs). */
  currency: string;
  /** The progress stored on the project (0–100), used when it has no tasks. */
  progress: number;
  startDate: IsoDate;
  endDate: IsoDate;
  /** The project's stored working calendar (`projects.calendar`), null for the default one. */
  calendar: unknown;
}

/** Who a task is booked to: a member of the company or one of its subcontractor contacts. */
export type InsightAssignee =
  | { kind: 'member'; id: string; name: string }
  | { kind: 'contact'; id: number; name: string };

export interface InsightTask {
  id: number;
  projectId: number;
  name: string;
  /** The task's description (a lead time it states is read); absent when not known. */
  description?: string | null;
  phase: string | null;
  status: string;
  progress: number;
  /** Working days; 0 is a milestone. */
  duration: number;
  startDate: IsoDate;
  endDate: IsoDate;
  isCritical: boolean;
  /** The stored dependencies text (JSON links or an id list). */
  dependencies: string | null;
  estimatedCost: number | null;
  /** The materials chain as stored (JSON text), or null. */
  materialsStatus: string | null;
  materialsExpectedDate: IsoDate | null;
  /** Material names listed on the task. */
  materials: string[];
  startNoEarlierThan: IsoDate | null;
  assignee: InsightAssignee | null;
}

export interface InsightContact {
  id: number;
  name: string;
  type: string;
  licensed: boolean;
  specialty: string | null;
  specialties: string[];
}

export interface InsightInput {
  /** The day the analysis is made for (the company's today). */
  today: IsoDate;
  /** The company's US state, for the adverse-weather table; null when unknown. */
  state: string | null;
  projects: InsightProject[];
  tasks: InsightTask[];
  contacts: InsightContact[];
}

/** One insight, ready to be stored. */
export interface InsightFinding {
  /** The rule's stable name, e.g. `overdue-critical`. */
  rule: string;
  /** The rule and what it is about: the same finding on a later refresh has the same key. */
  key: string;
  projectId: number | null;
  taskId: number | null;
  type: InsightKind;
  severity: InsightLevel;
  title: string;
  description: string;
  impact: string | null;
  recommendation: string | null;
  potentialSavings: number | null;
}

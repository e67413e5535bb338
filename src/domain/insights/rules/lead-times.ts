/**
 * Materials that take long from order to delivery, and which task carries their order.
 *
 * - A procurement task ("Procure cabinets and millwork", as the estimate planner writes it) is the
 *   order itself: its duration is the lead time, and the lead time its description states (the one
 *   the estimate gave, "10–12 weeks") is kept in words.
 * - Other work needs an order when its name, phase or materials name long-lead goods (windows and
 *   doors, cabinets, HVAC equipment, switchgear, elevators), unless a procurement task before it
 *   already carries the order, or the work only takes things out (demolition, removal): nothing is
 *   ordered to tear out old cabinets. A lead time its description states wins over the typical one
 *   (`LEAD_TIME_DAYS`, the estimate planner's).
 */

import { statedLeadTime } from '../../estimate/lead-time-text.js';
import { LEAD_TIME_DAYS } from '../../estimate/rates.js';
import type { InsightTask } from '../types.js';

export interface LeadTime {
  /** What is ordered, e.g. `windows and doors`. */
  what: string;
  /** Working days from order to delivery. */
  days: number;
  /** The lead time as the estimate or the task states it ("10–12 weeks"); null for a typical one. */
  stated: string | null;
}

type LeadTask = Pick<InsightTask, 'name' | 'phase' | 'materials' | 'duration'> & {
  description?: string | null;
};

const ITEMS: readonly { what: string; days: number; pattern: RegExp }[] = [
  {
    what: 'elevator equipment',
    days: LEAD_TIME_DAYS.elevators ?? 80,
    pattern: /\b(elevators?|escalators?)\b/,
  },
  {
    what: 'electrical gear',
    days: LEAD_TIME_DAYS.electrical ?? 60,
    pattern: /\b(switch ?gear|switchboards?|transformers?|generators?|panel ?boards?|service entrance)\b/,
  },
  {
    what: 'windows and doors',
    days: LEAD_TIME_DAYS['windows-doors'] ?? 30,
    pattern: /\b(windows?|storefronts?|curtain ?walls?|doors?)\b/,
  },
  {
    what: 'cabinets and millwork',
    days: LEAD_TIME_DAYS['cabinets-millwork'] ?? 30,
    pattern: /\b(cabinets?|cabinetry|millwork|casework|countertops?)\b/,
  },
  {
    what: 'HVAC equipment',
    days: LEAD_TIME_DAYS.hvac ?? 20,
    pattern:
      /\b(furnaces?|condensers?|heat pumps?|air handl\w*|ahus?|rtus?|roof[- ]?top units?|mini[- ]?splits?|boilers?|chillers?)\b/,
  },
];

/** Work that takes things out rather than putting them in. */
const REMOVAL = /\b(demo\w*|remov\w*|tear[- ]?(?:out|off)|haul\w*|dispos\w*|salvag\w*|strip\w*|abat\w*)\b/i;

/** Whether the work only takes things out (demolition, removal, tear-out). */
export function isRemoval(task: Pick<InsightTask, 'name' | 'phase'>): boolean {
  return REMOVAL.test(`${task.name} ${task.phase ?? ''}`);
}

const PROCURE = /^\s*procure\s+(.+?)\s*$/i;

/** Whether the task is an order placed ahead of the work (the estimate planner's procurement task). */
export function isProcurementTask(task: Pick<InsightTask, 'name'>): boolean {
  return PROCURE.test(task.name);
}

function stated(task: LeadTask, bare: boolean) {
  return task.description ? statedLeadTime(task.description, bare) : null;
}

/** The order a procurement task stands for: its goods, its duration as the lead time. */
function procurementLead(task: LeadTask): LeadTime {
  const what = (PROCURE.exec(task.name)?.[1] ?? task.name).replace(/^the\s+/i, '');
  // The whole task is the order: an amount of weeks in its description is its lead time.
  const said = stated(task, true);
  return { what, days: Math.max(task.duration, 0) || (said?.days ?? 0), stated: said?.said ?? null };
}

/** The long-lead goods the work installs, the longest when several match; null when none. */
function installLead(task: LeadTask): LeadTime | null {
  if (isRemoval(task)) return null;
  const installs = task.materials.filter((m) => !REMOVAL.test(m));
  const text = [task.name, task.phase ?? '', ...installs].join(' ').toLowerCase();
  const found = ITEMS.find((item) => item.pattern.test(text));
  if (!found) return null;
  const said = stated(task, true);
  return { what: found.what, days: said?.days ?? found.days, stated: said?.said ?? null };
}

/**
 * The order the task carries: a procurement task's own, else the long-lead goods it installs; null
 * when it needs none, or when `orderedAhead` (a procurement task before it carries the order).
 */
export function leadTimeOf(task: LeadTask, orderedAhead = false): LeadTime | null {
  if (isProcurementTask(task)) return procurementLead(task);
  if (orderedAhead) return null;
  return installLead(task);
}

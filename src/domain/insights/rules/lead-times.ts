/**
 * Materials that take long from order to delivery, read from a task's name, phase and materials.
 * The lead times are the estimate planner's (`LEAD_TIME_DAYS`, working days).
 */
import { LEAD_TIME_DAYS } from '../../estimate/rates.js';
import type { InsightTask } from '../types.js';

export interface LeadTime {
  /** What is ordered, e.g. `windows and doors`. */
  what: string;
  /** Working days from order to delivery. */
  days: number;
}

const ITEMS: readonly (LeadTime & { pattern: RegExp })[] = [
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

/** The long-lead material the task needs, the longest when several match; null when none. */
export function leadTimeOf(task: Pick<InsightTask, 'name' | 'phase' | 'materials'>): LeadTime | null {
  const text = [task.name, task.phase ?? '', ...task.materials].join(' ').toLowerCase();
  const found = ITEMS.find((item) => item.pattern.test(text));
  return found ? { what: found.what, days: found.days } : null;
}

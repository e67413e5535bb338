/**
 * The packages a plan adds by rule rather than from estimate lines: permits, inspections, the
 * dry-in and acceptance milestones, the countertop template, punch list and closeout.
 */
import { phaseOf } from './package-keys.js';
import {
  ACCEPTANCE_TEST_DAYS,
  CLOSEOUT_DAYS,
  COUNTERTOP_TEMPLATE_DAYS,
  DRY_IN_DAYS,
  INSPECTION_DAYS,
  PERMIT_DAYS,
  PUNCH_LIST_DAYS,
} from './rates.js';
import type { Trade, WorkPackage } from './types.js';

const SPEC = {
  permits: {
    trade: 'permits',
    name: 'Permits and approvals',
    days: PERMIT_DAYS,
    description: 'Permit application, plan review and approval before work starts.',
  },
  'dry-in': {
    trade: 'roofing',
    name: 'Building dried in',
    days: DRY_IN_DAYS,
    description: 'Roof on, windows and exterior doors in: the building is closed to the weather.',
  },
  'inspection-rough': {
    trade: 'inspections',
    name: 'Rough-in inspection',
    days: INSPECTION_DAYS,
    description: 'Framing and rough plumbing, mechanical and electrical inspected before walls are closed.',
  },
  'inspection-above-ceiling': {
    trade: 'inspections',
    name: 'Above-ceiling inspection',
    days: INSPECTION_DAYS,
    description: 'Ductwork, wiring, sprinklers and cabling above the ceiling inspected before it is closed.',
  },
  'countertop-template': {
    trade: 'countertops',
    name: 'Template countertops',
    days: COUNTERTOP_TEMPLATE_DAYS,
    description: 'The fabricator templates the countertops on the installed cabinets.',
  },
  'fire-alarm-acceptance': {
    trade: 'inspections',
    name: 'Fire alarm acceptance test',
    days: ACCEPTANCE_TEST_DAYS,
    description: 'The fire alarm system tested and accepted by the fire marshal before the final inspection.',
  },
  'inspection-final': {
    trade: 'inspections',
    name: 'Final inspection',
    days: INSPECTION_DAYS,
    description: 'Final building inspection and sign-off.',
  },
  'punch-list': {
    trade: 'punch-list',
    name: 'Punch list',
    days: PUNCH_LIST_DAYS,
    description: 'Walk-through with the owner; deficiencies listed and corrected.',
  },
  closeout: {
    trade: 'closeout',
    name: 'Closeout',
    days: CLOSEOUT_DAYS,
    description: 'As-builts, warranties, manuals, final payment and handover.',
  },
} as const satisfies Record<string, { trade: Trade; name: string; days: number; description: string }>;

export type StandardKey = keyof typeof SPEC;

/** A package the plan adds by rule (cost 0: no estimate line pays for it). */
export function standardPackage(key: StandardKey): WorkPackage {
  const s = SPEC[key];
  return {
    key,
    trade: s.trade,
    name: s.name,
    description: s.description,
    phase: phaseOf(key),
    durationDays: s.days,
    estimatedCost: 0,
    materials: [],
    specifications: [],
    durationBasis:
      s.days === 0 ? 'a milestone (0 days)' : `standard ${s.days} working day${s.days === 1 ? '' : 's'}`,
    sourceLines: [],
    isProcurement: false,
    weatherSensitive: false,
  };
}

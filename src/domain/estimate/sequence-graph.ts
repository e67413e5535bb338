/**
 * The construction-sequence graph as data: every package key a plan can hold, what it waits for
 * (link type and lag), and why, in words a user reads on the task page and the Gantt.
 *
 * Declared in topological order (every predecessor is declared before the key that names it), so
 * any subset of it is acyclic. The algorithm that turns it into a plan's links is `sequence.ts`.
 */
import { CONCRETE_CURE_LAG_DAYS, MASONRY_AFTER_FRAME_LAG_DAYS, MEP_OVERLAP_LAG_DAYS } from './rates.js';
import {
  CURE,
  delivered,
  fs,
  ifThere,
  node,
  ordered,
  type Pred,
  type SequenceNode,
  ss,
} from './sequence-edges.js';
import { FINISHES } from './sequence-graph-finishes.js';

export type { Pred, SequenceNode };

/** Site, structure, envelope and services up to the drywall, in topological order. */
const SHELL: readonly SequenceNode[] = [
  node('permits', 'the permits'),
  node('procure-windows-doors', 'the window order', ordered('Windows and exterior doors')),
  node('procure-cabinets-millwork', 'the cabinet order', ordered('Cabinets and millwork')),
  node('procure-hvac', 'the HVAC equipment order', ordered('HVAC units')),
  node('procure-electrical', 'the switchgear order', ordered('Switchgear and electrical equipment')),
  node('procure-elevators', 'the elevator order', ordered('Elevators')),
  node('mobilization', 'mobilization', fs('permits', 'Crews mobilize once the permits are issued')),
  node(
    'traffic-control',
    'traffic control',
    fs('mobilization', 'Traffic control is set up as the crews mobilize, before work in the street'),
  ),
  node(
    'site-work',
    'site preparation',
    fs('mobilization', 'Site preparation starts once the crews are mobilized'),
    fs('traffic-control', 'Site work starts behind the traffic control'),
  ),
  node(
    'demolition',
    'the demolition',
    fs('site-work', 'Demolition follows site preparation and protection'),
    fs('traffic-control', 'Demolition starts behind the traffic control'),
  ),
  node(
    'excavation',
    'the excavation',
    fs('demolition', 'Excavation starts once demolition has cleared the way'),
  ),
  node('utilities', 'the site utilities', fs('excavation', 'Utility trenches follow the excavation')),
  node(
    'inspection-footing',
    'the footing inspection',
    fs('excavation', 'Footing excavations are inspected before concrete is placed'),
  ),
  node(
    'foundation',
    'the foundations',
    fs('excavation', 'Foundations are placed in the excavation'),
    fs('inspection-footing', 'Foundation concrete is placed once the footing inspection passes'),
  ),
  node(
    'concrete',
    'the concrete structure',
    fs(
      'foundation',
      `The structure waits ${CURE} for the foundation concrete to cure`,
      CONCRETE_CURE_LAG_DAYS,
    ),
  ),
  node(
    'structural-steel',
    'the structural steel',
    fs('foundation', `Steel is erected on foundations cured ${CURE}`, CONCRETE_CURE_LAG_DAYS),
  ),
  node(
    'masonry',
    'the masonry',
    fs('foundation', `Masonry is laid on foundations cured ${CURE}`, CONCRETE_CURE_LAG_DAYS),
    ss(
      'concrete',
      `Masonry infill follows the concrete frame up, starting ${MASONRY_AFTER_FRAME_LAG_DAYS} working days behind it`,
      MASONRY_AFTER_FRAME_LAG_DAYS,
    ),
    fs('structural-steel', 'Masonry fills in the erected steel frame'),
  ),
  node(
    'framing',
    'the framing',
    fs('foundation', `Framing loads foundations cured ${CURE}`, CONCRETE_CURE_LAG_DAYS),
    fs('structural-steel', 'Framing is built on the erected steel'),
    fs('concrete', 'Framing is built on the finished concrete structure'),
  ),
  node(
    'roofing',
    'the roof',
    fs('framing', 'The roof goes on the completed frame'),
    fs('concrete', 'The roof goes on the completed concrete structure'),
    fs('masonry', 'The roof goes on the completed walls'),
    fs('structural-steel', 'The roof goes on the completed steel frame'),
  ),
  node(
    'windows-doors',
    'the windows and exterior doors',
    fs('framing', 'Windows and exterior doors go into the framed openings'),
    fs('masonry', 'Windows and exterior doors go into the finished masonry openings'),
    fs('concrete', 'Windows and exterior doors go into the finished structure'),
    fs('structural-steel', 'Windows and exterior doors go into the finished steel frame'),
    delivered('procure-windows-doors', 'Windows and exterior doors'),
  ),
  node(
    'dry-in',
    'the dry-in',
    fs('roofing', 'The building is dried in when the roof is on'),
    fs('windows-doors', 'The building is dried in when the windows and exterior doors are in'),
  ),
  node(
    'exterior-finishes',
    'the exterior finishes',
    fs('dry-in', 'Siding and exterior finishes go on once the building is dried in and the windows flashed'),
  ),
  node('plumbing', 'the plumbing rough-in', fs('roofing', 'Rough plumbing starts under a finished roof')),
  node(
    'fire-protection',
    'the fire protection',
    ss(
      'plumbing',
      `Sprinkler piping follows the plumbers by ${MEP_OVERLAP_LAG_DAYS} working days`,
      MEP_OVERLAP_LAG_DAYS,
    ),
    fs('roofing', 'Sprinkler piping starts under a finished roof'),
  ),
  node(
    'hvac',
    'the HVAC rough-in',
    ss(
      'plumbing',
      `Ductwork follows the plumbers by ${MEP_OVERLAP_LAG_DAYS} working days`,
      MEP_OVERLAP_LAG_DAYS,
    ),
    fs('roofing', 'HVAC rough-in starts under a finished roof'),
    delivered('procure-hvac', 'HVAC units'),
  ),
  node(
    'electrical',
    'the electrical rough-in',
    ss(
      'hvac',
      `Electricians follow the ductwork by ${MEP_OVERLAP_LAG_DAYS} working days`,
      MEP_OVERLAP_LAG_DAYS,
    ),
    ss(
      'plumbing',
      `Electricians follow the plumbers by ${MEP_OVERLAP_LAG_DAYS} working days`,
      MEP_OVERLAP_LAG_DAYS,
    ),
    fs('roofing', 'Electrical rough-in starts under a finished roof'),
    delivered('procure-electrical', 'Switchgear and panels'),
  ),
  node(
    'low-voltage',
    'the low-voltage cabling',
    ss(
      'electrical',
      `Low-voltage cabling follows the electricians by ${MEP_OVERLAP_LAG_DAYS} working days`,
      MEP_OVERLAP_LAG_DAYS,
    ),
  ),
  node(
    'elevators',
    'the elevators',
    fs('roofing', 'Elevators are installed in a closed shaft under a finished roof'),
    delivered('procure-elevators', 'Elevators'),
  ),
  node(
    'inspection-rough',
    'the rough-in inspection',
    fs('plumbing', 'The rough-in inspection checks the finished rough plumbing'),
    fs('hvac', 'The rough-in inspection checks the finished ductwork'),
    fs('electrical', 'The rough-in inspection checks the finished rough wiring'),
    fs('fire-protection', 'The rough-in inspection checks the sprinkler piping'),
    fs('low-voltage', 'The rough-in inspection checks the low-voltage cabling'),
    fs('framing', 'The rough-in inspection checks the finished framing'),
  ),
  node(
    'inspection-framing',
    'the framing inspection',
    fs('inspection-rough', 'The framing (cover) inspection follows the approved rough-in'),
    fs('framing', 'The framing inspection checks the finished frame'),
    fs('roofing', 'The framing inspection needs the roof on'),
  ),
  node(
    'insulation',
    'the insulation',
    fs('inspection-rough', 'Walls are insulated only after the rough-in inspection'),
    fs('inspection-framing', 'Walls are insulated only after the framing inspection'),
    ifThere(fs('dry-in', 'Insulation goes into a dried-in building')),
  ),
  node(
    'inspection-insulation',
    'the insulation inspection',
    fs('insulation', 'The insulation is inspected before it is covered'),
  ),
  node(
    'drywall',
    'the drywall',
    fs('insulation', 'Drywall covers the finished insulation'),
    fs('inspection-insulation', 'Drywall waits for the insulation inspection'),
    fs('inspection-rough', 'Drywall waits for the rough-in inspection'),
    ifThere(fs('dry-in', 'Drywall goes into a dried-in building')),
  ),
];

/** The graph, in topological order. */
export const SEQUENCE: readonly SequenceNode[] = [...SHELL, ...FINISHES];

/** Keys of the closing chain: after all work. */
export const CLOSING = ['cleanup', 'inspection-final', 'punch-list', 'closeout'] as const;

/** Why each link into the closing chain holds, by the closing key. */
export const CLOSING_REASONS: Readonly<Record<(typeof CLOSING)[number], (from: string) => string>> = {
  cleanup: (from) => `Final cleaning starts when ${from} is done`,
  'inspection-final': (from) =>
    from === 'cleanup'
      ? 'The final inspection is called on a clean, finished building'
      : `The final inspection waits for ${from}`,
  'punch-list': () => 'The punch list follows the final inspection',
  closeout: () => 'Closeout (documents, warranties, handover) follows the punch list',
};

/**
 * General conditions are a level-of-effort span (supervision, site office, temporary facilities):
 * they start at mobilization and run until the punch list is done; they drive nothing.
 */
export const LEVEL_OF_EFFORT_KEYS: ReadonlySet<string> = new Set(['general-conditions']);
export const LEVEL_OF_EFFORT_START: Pred = fs(
  'permits',
  'General conditions (supervision, site office, temporary facilities) start at mobilization, when the permits are in',
);
export const LEVEL_OF_EFFORT_FINISH: Pred = {
  from: 'punch-list',
  type: 'FF',
  lag: 0,
  reason: 'General conditions run until the punch list is done (a level-of-effort span over the job)',
};

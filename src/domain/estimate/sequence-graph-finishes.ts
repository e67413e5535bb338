/**
 * The construction-sequence graph, second half: interior finishes (doors, trim, cabinets and the
 * countertop chain, ceilings), site finishing (final grade, paving, landscaping) and the acceptance
 * tests before the final inspection. Continues `SHELL` of `sequence-graph.ts` in topological order.
 */
import {
  BASE_CURE_LAG_DAYS,
  CABINETS_AFTER_PAINT_LAG_DAYS,
  COUNTERTOP_FABRICATION_LAG_DAYS,
} from './rates.js';
import { delivered, fs, ifThere, node, type SequenceNode, ss } from './sequence-edges.js';

export const FINISHES: readonly SequenceNode[] = [
  node('painting', 'the painting', fs('drywall', 'Paint goes on finished drywall')),
  node('tile', 'the tile', fs('drywall', 'Tile is set on finished walls and backer board')),
  node(
    'interior-doors',
    'the interior doors',
    fs('drywall', 'Interior doors are hung in finished walls'),
    ss(
      'painting',
      `Interior doors are hung after the first coat of paint (${CABINETS_AFTER_PAINT_LAG_DAYS} working days in)`,
      CABINETS_AFTER_PAINT_LAG_DAYS,
    ),
  ),
  node(
    'finish-carpentry',
    'the finish carpentry',
    fs('drywall', 'Trim is installed on finished walls'),
    ss(
      'painting',
      `Trim goes on after the first coat of paint (${CABINETS_AFTER_PAINT_LAG_DAYS} working days in)`,
      CABINETS_AFTER_PAINT_LAG_DAYS,
    ),
    ss('interior-doors', 'Door casings are trimmed as the doors are hung'),
  ),
  node(
    'cabinets-millwork',
    'the cabinets',
    fs('drywall', 'Cabinets are hung on finished walls'),
    ss(
      'painting',
      `Cabinets go in after the first coat of paint (${CABINETS_AFTER_PAINT_LAG_DAYS} working days in)`,
      CABINETS_AFTER_PAINT_LAG_DAYS,
    ),
    delivered('procure-cabinets-millwork', 'Cabinets'),
  ),
  node(
    'countertop-template',
    'the countertop template',
    fs('cabinets-millwork', 'Countertops are templated on the installed cabinets'),
  ),
  node(
    'countertops',
    'the countertops',
    fs(
      'countertop-template',
      `Countertops are fabricated from the template: ${COUNTERTOP_FABRICATION_LAG_DAYS} working days`,
      COUNTERTOP_FABRICATION_LAG_DAYS,
    ),
    fs('cabinets-millwork', 'Countertops are set on the installed cabinets'),
  ),
  node(
    'backsplash',
    'the backsplash',
    fs('countertops', 'The backsplash is tiled on the installed countertops'),
  ),
  node(
    'inspection-above-ceiling',
    'the above-ceiling inspection',
    fs('drywall', 'The above-ceiling inspection is called when the walls are up'),
    fs('inspection-rough', 'The above-ceiling inspection follows the rough-in inspection'),
    fs('hvac', 'The above-ceiling inspection checks the ductwork above the ceiling'),
    fs('electrical', 'The above-ceiling inspection checks the wiring above the ceiling'),
    fs('fire-protection', 'The above-ceiling inspection checks the sprinkler piping above the ceiling'),
    fs('low-voltage', 'The above-ceiling inspection checks the cabling above the ceiling'),
  ),
  node(
    'ceiling-grid',
    'the ceiling grid',
    fs('inspection-above-ceiling', 'The ceiling grid goes up once the above-ceiling inspection passes'),
    fs('drywall', 'The ceiling grid is hung from finished walls'),
  ),
  node(
    'hvac-trim',
    'the HVAC trim',
    ifThere(fs('ceiling-grid', 'Diffusers and grilles are set in the ceiling grid')),
    fs('painting', 'Registers and grilles go on painted walls'),
    fs('hvac', 'HVAC trim finishes the roughed-in system'),
  ),
  node(
    'electrical-trim',
    'the electrical trim',
    fs('painting', 'Devices and light fixtures go on painted walls'),
    fs('electrical', 'Electrical trim finishes the roughed-in wiring'),
    ifThere(fs('ceiling-grid', 'Light fixtures are set in the ceiling grid')),
    ifThere(fs('backsplash', 'Outlets and under-cabinet lights are trimmed out after the backsplash')),
    fs('countertops', 'Outlets and under-cabinet lights are trimmed out after the countertops'),
  ),
  node(
    'ceiling-tile',
    'the ceiling tile',
    fs('electrical-trim', 'Ceiling tiles drop in after the light fixtures are set in the grid'),
    ifThere(fs('hvac-trim', 'Ceiling tiles drop in after the diffusers are set in the grid')),
    fs('ceiling-grid', 'Ceiling tiles drop into the finished grid'),
  ),
  node(
    'flooring',
    'the flooring',
    fs('painting', 'Floors go down after the painting'),
    ifThere(fs('ceiling-tile', 'Floors go down after the ceilings are closed')),
  ),
  node('specialties', 'the specialties', fs('painting', 'Specialties are mounted on painted walls')),
  node(
    'fixtures',
    'the plumbing fixtures',
    fs('countertops', 'Sinks and faucets are set in the installed countertops'),
    fs('painting', 'Fixtures are set after the painting'),
    fs('tile', 'Fixtures are set on finished tile'),
    fs('flooring', 'Toilets are set on the finished floor'),
  ),
  node(
    'final-grade',
    'the final grading',
    fs('exterior-finishes', 'Final grading waits for the exterior work and its scaffolding to finish'),
    fs('drywall', 'Final grading waits until the heavy deliveries (drywall, boom trucks) are over'),
    fs('utilities', 'Final grading follows the backfilled utility trenches'),
    fs('excavation', 'Final grading follows the earthwork'),
  ),
  node(
    'planing',
    'the pavement planing',
    fs('utilities', 'Pavement is planed once the utilities below it are in'),
    fs('demolition', 'Pavement is planed after the demolition'),
  ),
  node(
    'paving-base',
    'the pavement base',
    fs('planing', 'The pavement base follows the planing'),
    fs('final-grade', 'The pavement base is built on the final grade'),
    fs('utilities', 'The pavement base goes over the finished utilities'),
    fs('excavation', 'The pavement base follows the earthwork'),
  ),
  node(
    'flatwork',
    'the curbs and flatwork',
    fs(
      'paving-base',
      `Curbs and walks are poured on the base after it cures ${BASE_CURE_LAG_DAYS} working days`,
      BASE_CURE_LAG_DAYS,
    ),
  ),
  node(
    'paving',
    'the paving',
    fs(
      'paving-base',
      `Paving goes on the base after it cures ${BASE_CURE_LAG_DAYS} working days`,
      BASE_CURE_LAG_DAYS,
    ),
    fs('flatwork', 'Paving is placed against the finished curbs and gutters'),
  ),
  node('striping', 'the striping', fs('paving', 'Striping is painted on the finished pavement')),
  node(
    'landscaping',
    'the landscaping',
    fs('paving', 'Landscaping follows the paving (no trucks over new planting)'),
    fs('flatwork', 'Landscaping follows the driveway and walks'),
    fs('final-grade', 'Landscaping is planted on the final grade'),
    fs('exterior-finishes', 'Landscaping follows the exterior work'),
  ),
  node(
    'test-balance',
    'the test and balance',
    ifThere(fs('hvac-trim', 'Air is balanced once every diffuser and grille is in')),
    fs('hvac', 'Air is balanced on the finished HVAC system'),
    ifThere(fs('ceiling-tile', 'Air is balanced with the ceilings closed')),
  ),
  node(
    'fire-alarm-acceptance',
    'the fire alarm acceptance test',
    fs('fire-protection', 'The fire alarm acceptance test runs on the finished system'),
    fs('low-voltage', 'The fire alarm acceptance test runs once the devices are wired'),
    fs('electrical-trim', 'The fire alarm acceptance test runs once the devices are trimmed out'),
    ifThere(fs('ceiling-tile', 'The fire alarm acceptance test runs with the ceilings closed')),
  ),
  node('other', 'other work', fs('mobilization', 'Other work starts once the crews are mobilized')),
];

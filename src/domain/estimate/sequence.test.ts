import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ProjectTask, type ScheduleLink, scheduleProject } from '../schedule/index.js';
import { estimateToPlan } from './plan.js';
import { CONCRETE_CURE_LAG_DAYS, LEAD_TIME_DAYS, MEP_OVERLAP_LAG_DAYS } from './rates.js';
import { SEQUENCE, sequencePackages } from './sequence.js';
import type { EstimatePlan, PackageLink, Trade, WorkPackage } from './types.js';

/** A new home with every building trade, as a contractor's PDF would read. */
const NEW_HOME = [
  'DIVISION 01 - GENERAL REQUIREMENTS',
  'Building permit, plan review and impact fees  1  LS  8,500.00  8,500.00',
  'Project supervision  7  MO  3,200.00  22,400.00',
  'DIVISION 31 - EARTHWORK',
  'Clearing and grubbing  0.5  AC  6,800.00  3,400.00',
  'Excavation and backfill for basement  420  CY  18.50  7,770.00',
  'DIVISION 03 - CONCRETE',
  'Concrete footings, 20x10 with rebar  32  CY  285.00  9,120.00',
  'Poured foundation walls, 8 in.  58  CY  310.00  17,980.00',
  'Basement slab, 4 in. on vapor barrier  1,200  SF  6.75  8,100.00',
  'DIVISION 06 - WOOD, PLASTICS & FRAMING',
  'Framing lumber and sheathing package  1  LS  48,500.00  48,500.00',
  'Framing labor  2,400  SF  9.25  22,200.00',
  'DIVISION 07 - THERMAL & MOISTURE PROTECTION',
  'Architectural asphalt shingle roofing  28  SQ  465.00  13,020.00',
  'Fiber cement lap siding and trim  2,650  SF  8.75  23,187.50',
  'Insulation, R-21 walls and R-49 attic  2,400  SF  2.40  5,760.00',
  'DIVISION 08 - OPENINGS',
  'Vinyl double-hung windows  18  EA  685.00  12,330.00',
  'DIVISION 09 - FINISHES',
  'Drywall hang, tape and finish  9,200  SF  2.10  19,320.00',
  'Interior painting, walls, ceilings and trim  2,400  SF  3.25  7,800.00',
  'Engineered hardwood flooring  1,150  SF  11.50  13,225.00',
  'Ceramic tile, baths and laundry  420  SF  15.50  6,510.00',
  'DIVISION 12 - FURNISHINGS',
  'Kitchen and bath cabinets  1  LS  18,500.00  18,500.00',
  'Quartz countertops  72  SF  75.00  5,400.00',
  'DIVISION 22 - PLUMBING',
  'Plumbing rough-in, water and DWV  1  LS  14,800.00  14,800.00',
  'Set plumbing fixtures and trim  1  LS  4,600.00  4,600.00',
  'DIVISION 23 - HVAC',
  'Gas furnace and 3-ton AC condenser  1  LS  16,400.00  16,400.00',
  'Ductwork, registers and returns  1  LS  7,800.00  7,800.00',
  'DIVISION 26 - ELECTRICAL',
  '200 A service and panel  1  LS  3,200.00  3,200.00',
  'Electrical rough-in and trim  2,400  SF  5.25  12,600.00',
  'Install light fixtures  1  LS  2,400.00  2,400.00',
  'DIVISION 32 - EXTERIOR IMPROVEMENTS',
  'Concrete driveway and front walk  1,100  SF  8.50  9,350.00',
  'Sod and landscaping  1  LS  6,500.00  6,500.00',
  'DIVISION 01 - CLOSEOUT',
  'Final cleaning  1  LS  1,200.00  1,200.00',
  'CONSTRUCTION SUBTOTAL  351,872.50',
].join('\n');

/** A paving and sewer bid schedule. */
const STREET = [
  'bid_item\tdescription\tunit\tcontract_qty\tunit_price',
  'R-1\tTRAFFIC CONTROL FOR ROADWAY WORK\tLS\t1\t138000',
  'R-3\tFULL DEPTH PLANING PER 2-INCH DEPTH OF CUT\tSF\t228179\t0.40',
  'R-4\tHOT MIX ASPHALT (Type A ½-Inch Maximum with Medium Grading)\tTON\t3241\t164',
  'R-6\t10-INCH THICK CONCRETE BASE\tSF\t75965\t14',
  'R-11\tCOMBINED 6-INCH WIDE CONCRETE CURB AND 2-FOOT WIDE CONCRETE GUTTER\tLF\t1942\t80',
  'R-19\tMOBILIZATION FOR PAVING WORK\tLS\t1\t50000',
  'R-20\tDEMOBILIZATION FOR PAVING WORK\tLS\t1\t5000',
  'SW-2\tTRENCH AND EXCAVATION SUPPORT WORK FOR SEWER WORK\tLS\t1\t140000',
  'SW-8\t24-INCH DIAMETER VCP SEWER ON CRUSHED ROCK BEDDING\tLF\t401\t545',
  'ST-1\tTHERMOPLASTIC STRIPING, 4 INCH\tLF\t12000\t1.10',
].join('\n');

/** A bathroom remodel: no foundation, no structure. */
const REMODEL = [
  'PERMITS & PROTECTION',
  'Building permit  1  LS  450.00  450.00',
  'DEMOLITION',
  'Remove tub, tile and vanity  1  LS  1,400.00  1,400.00',
  'PLUMBING',
  'Convert tub to walk-in shower, new valve and drain  1  LS  3,200.00  3,200.00',
  'ELECTRICAL',
  'Exhaust fan, 110 CFM, vented to exterior  1  EA  480.00  480.00',
  'WALLS',
  'Drywall patch and finish  1  LS  650.00  650.00',
  'TILE',
  'Shower walls, porcelain  120  SF  18.00  2,160.00',
  'CABINETS, TOPS & FIXTURES',
  'Vanity 48 in.  1  EA  1,450.00  1,450.00',
  'Quartz vanity top  1  EA  780.00  780.00',
  'Set toilet, faucets, mirror and accessories  1  LS  600.00  600.00',
  'PAINTING',
  'Paint walls and ceiling  1  LS  520.00  520.00',
].join('\n');

/** Keys reachable from `from` along the plan's links. */
function reachable(links: readonly PackageLink[], from: string): Set<string> {
  const out = new Map<string, string[]>();
  for (const l of links) out.set(l.from, [...(out.get(l.from) ?? []), l.to]);
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const k = stack.pop() as string;
    for (const n of out.get(k) ?? []) {
      if (!seen.has(n)) {
        seen.add(n);
        stack.push(n);
      }
    }
  }
  return seen;
}

const precedes = (plan: EstimatePlan, a: string, b: string) => reachable(plan.links, a).has(b);

/** Schedules a plan with the engine and checks that every link holds. */
function scheduled(plan: EstimatePlan, weatherState: string | null = null) {
  const ids = new Map(plan.packages.map((p, i) => [p.key, i + 1] as const));
  const tasks: ProjectTask[] = plan.packages.map((p, i) => ({
    id: i + 1,
    duration: p.durationDays,
    trade: p.trade,
  }));
  const links: ScheduleLink<number>[] = plan.links.map((l) => ({
    predecessorId: ids.get(l.from) ?? 0,
    successorId: ids.get(l.to) ?? 0,
    type: l.type,
    lag: l.lagDays,
  }));
  const result = scheduleProject(tasks, links, { startDate: '2025-03-03', weatherState });
  if (!result.ok) throw new Error(`not schedulable: ${JSON.stringify(result.error)}`);
  const byId = new Map(result.schedule.tasks.map((t) => [t.id, t] as const));
  for (const l of links) {
    const p = byId.get(l.predecessorId);
    const s = byId.get(l.successorId);
    if (!p || !s) throw new Error('missing task');
    const lag = l.lag ?? 0;
    if (l.type === 'FS') expect(s.earlyStart).toBeGreaterThanOrEqual(p.earlyFinish + lag);
    if (l.type === 'SS') expect(s.earlyStart).toBeGreaterThanOrEqual(p.earlyStart + lag);
  }
  const keyOf = (id: number) => plan.packages[id - 1]?.key;
  return { schedule: result.schedule, keyOf };
}

describe('the construction sequence of a new home', () => {
  const plan = estimateToPlan(NEW_HOME, { projectType: 'Residential' });
  const keys = plan.packages.map((p) => p.key);

  it('has a task for every trade in the estimate, plus permits, inspections, punch list and closeout', () => {
    for (const trade of [
      'permits',
      'general-conditions',
      'site-work',
      'excavation',
      'foundation',
      'concrete',
      'framing',
      'roofing',
      'exterior-finishes',
      'insulation',
      'windows-doors',
      'drywall',
      'painting',
      'flooring',
      'tile',
      'cabinets-millwork',
      'countertops',
      'plumbing',
      'fixtures',
      'hvac',
      'electrical',
      'paving',
      'landscaping',
      'cleanup',
      'inspections',
      'punch-list',
      'closeout',
      'procurement',
    ] satisfies Trade[]) {
      expect(
        plan.packages.some((p) => p.trade === trade),
        trade,
      ).toBe(true);
    }
    expect(keys).toEqual(expect.arrayContaining(['inspection-rough', 'inspection-final', 'electrical-trim']));
    expect(plan.packages.reduce((s, p) => s + p.estimatedCost, 0)).toBeCloseTo(351872.5, 2);
    expect(plan.document.statedTotal).toBe(351872.5);
  });

  it('puts permits before everything and closeout after everything (general conditions span the job, driving nothing)', () => {
    for (const k of keys) {
      if (k !== 'permits') expect(precedes(plan, 'permits', k), k).toBe(true);
      if (k !== 'closeout' && k !== 'general-conditions') expect(precedes(plan, k, 'closeout'), k).toBe(true);
    }
    expect(plan.links.some((l) => l.from === 'general-conditions')).toBe(false);
    expect(plan.links.some((l) => l.from === 'closeout')).toBe(false);
  });

  it.each([
    ['site-work', 'excavation'],
    ['excavation', 'foundation'],
    ['foundation', 'framing'],
    ['framing', 'roofing'],
    ['framing', 'windows-doors'],
    ['roofing', 'plumbing'],
    ['plumbing', 'inspection-rough'],
    ['hvac', 'inspection-rough'],
    ['electrical', 'inspection-rough'],
    ['inspection-rough', 'insulation'],
    ['insulation', 'drywall'],
    ['drywall', 'painting'],
    ['drywall', 'tile'],
    ['painting', 'flooring'],
    ['cabinets-millwork', 'countertops'],
    ['countertops', 'fixtures'],
    ['painting', 'electrical-trim'],
    ['roofing', 'exterior-finishes'],
    ['exterior-finishes', 'flatwork'],
    ['flatwork', 'landscaping'],
    ['fixtures', 'inspection-final'],
    ['landscaping', 'inspection-final'],
    ['cleanup', 'inspection-final'],
    ['inspection-final', 'punch-list'],
    ['punch-list', 'closeout'],
    ['procure-windows-doors', 'windows-doors'],
    ['procure-cabinets-millwork', 'cabinets-millwork'],
    ['procure-hvac', 'hvac'],
  ])('%s comes before %s', (a, b) => {
    expect(precedes(plan, a, b)).toBe(true);
    expect(precedes(plan, b, a)).toBe(false);
  });

  it('lets the concrete cure before framing loads it, and overlaps the rough-in trades start-to-start', () => {
    expect(plan.links).toEqual(
      expect.arrayContaining(
        [
          { from: 'foundation', to: 'concrete', type: 'FS', lagDays: CONCRETE_CURE_LAG_DAYS },
          { from: 'plumbing', to: 'hvac', type: 'SS', lagDays: MEP_OVERLAP_LAG_DAYS },
          { from: 'hvac', to: 'electrical', type: 'SS', lagDays: MEP_OVERLAP_LAG_DAYS },
        ].map((l) => expect.objectContaining(l)),
      ),
    );
  });

  it('orders long-lead items at contract, beside the permits, at no cost, their lead time as duration', () => {
    const procurement = plan.packages.filter((p) => p.isProcurement);
    expect(procurement.map((p) => p.key).sort()).toEqual([
      'procure-cabinets-millwork',
      'procure-hvac',
      'procure-windows-doors',
    ]);
    for (const p of procurement) {
      expect(p).toMatchObject({ trade: 'procurement', estimatedCost: 0 });
      expect(p.durationDays).toBe(LEAD_TIME_DAYS[p.key.replace('procure-', '') as Trade]);
      expect(plan.links).toContainEqual(
        expect.objectContaining({ from: 'permits', to: p.key, type: 'SS', lagDays: 0 }),
      );
    }
  });

  it('schedules with the engine: every link holds, and the critical path runs from permits to closeout', () => {
    const { schedule, keyOf } = scheduled(plan);
    const path = schedule.criticalPath.map(keyOf);
    expect(path[0]).toBe('permits');
    expect(path[path.length - 1]).toBe('closeout');
    const weather = scheduled(plan, 'MN');
    expect(weather.schedule.finishDate > schedule.finishDate).toBe(true);
  });
});

describe('the construction sequence of a street job', () => {
  const plan = estimateToPlan(STREET);

  it.each([
    ['mobilization', 'traffic-control'],
    ['traffic-control', 'excavation'],
    ['excavation', 'utilities'],
    ['utilities', 'planing'],
    ['planing', 'paving-base'],
    ['paving-base', 'flatwork'],
    ['flatwork', 'paving'],
    ['paving', 'striping'],
    ['striping', 'cleanup'],
    ['cleanup', 'inspection-final'],
  ])('%s comes before %s', (a, b) => {
    expect(precedes(plan, a, b)).toBe(true);
  });

  it('has no building inspections or procurement, and schedules cleanly', () => {
    expect(plan.packages.map((p) => p.key)).not.toContain('inspection-rough');
    expect(plan.packages.some((p) => p.isProcurement)).toBe(false);
    const { schedule, keyOf } = scheduled(plan);
    expect(keyOf(schedule.criticalPath[0] ?? 0)).toBe('permits');
    expect(keyOf(schedule.criticalPath[schedule.criticalPath.length - 1] ?? 0)).toBe('closeout');
  });
});

describe('the construction sequence of a remodel', () => {
  const plan = estimateToPlan(REMODEL);

  it('follows demolition with the rough-in, and tops and fixtures after the cabinets', () => {
    expect(precedes(plan, 'demolition', 'plumbing')).toBe(true);
    expect(precedes(plan, 'plumbing', 'inspection-rough')).toBe(true);
    expect(precedes(plan, 'inspection-rough', 'drywall')).toBe(true);
    expect(precedes(plan, 'cabinets-millwork', 'countertops')).toBe(true);
    expect(precedes(plan, 'countertops', 'fixtures')).toBe(true);
    expect(precedes(plan, 'tile', 'fixtures')).toBe(true);
    expect(plan.packages.map((p) => p.key)).not.toContain('foundation');
    scheduled(plan);
  });
});

describe('the graph is acyclic for any set of packages', () => {
  const ALL_KEYS = [...SEQUENCE.map((n) => n.key), 'cleanup', 'inspection-final', 'punch-list', 'closeout'];
  const pkg = (key: string, durationDays: number): WorkPackage => ({
    key,
    trade: 'other',
    name: key,
    description: '',
    phase: '',
    durationDays,
    estimatedCost: 0,
    materials: [],
    specifications: [],
    durationBasis: '',
    sourceLines: [],
    isProcurement: key.startsWith('procure-'),
    weatherSensitive: false,
  });

  it('links only the packages present, with no cycle, and the engine schedules them from permits to closeout', () => {
    fc.assert(
      fc.property(
        fc.subarray(ALL_KEYS.filter((k) => k !== 'permits' && k !== 'closeout')),
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: ALL_KEYS.length, maxLength: ALL_KEYS.length }),
        (subset, durations) => {
          const keys = ['permits', ...subset, 'closeout'];
          const packages = keys.map((k, i) => pkg(k, Math.max(1, durations[i] ?? 1)));
          const links = sequencePackages(packages);
          const present = new Set(keys);
          for (const l of links) {
            expect(present.has(l.from) && present.has(l.to)).toBe(true);
            expect(l.lagDays).toBeGreaterThanOrEqual(0);
          }
          // Kahn's algorithm consumes every package only if there is no cycle.
          const indegree = new Map<string, number>(keys.map((k) => [k, 0]));
          for (const l of links) indegree.set(l.to, (indegree.get(l.to) ?? 0) + 1);
          const queue = keys.filter((k) => indegree.get(k) === 0);
          let seen = 0;
          while (queue.length > 0) {
            const k = queue.shift() as string;
            seen += 1;
            for (const l of links.filter((x) => x.from === k)) {
              indegree.set(l.to, (indegree.get(l.to) ?? 0) - 1);
              if (indegree.get(l.to) === 0) queue.push(l.to);
            }
          }
          expect(seen).toBe(keys.length);
          expect(keys.filter((k) => (indegree.get(k) ?? 0) === 0 && !links.some((l) => l.to === k))).toEqual([
            'permits',
          ]);
          const plan: EstimatePlan = {
            document: {
              items: [],
              statedTotal: null,
              itemsTotal: 0,
              currency: null,
              facts: { projectName: null, client: null, address: null, dates: [] },
              problems: [],
              notes: [],
            },
            packages,
            links,
            notes: [],
          };
          const { schedule, keyOf } = scheduled(plan);
          expect(keyOf(schedule.criticalPath[0] ?? 0)).toBe('permits');
          expect(keyOf(schedule.criticalPath[schedule.criticalPath.length - 1] ?? 0)).toBe('closeout');
        },
      ),
      { numRuns: 200 },
    );
  });
});

/**
 * For the plan-generation tests: estimates written from item tables (so the expected totals are
 * computed from the same table, never typed twice), projects created through the API, and checks
 * of a saved plan (links inside the plan, acyclic, dates that respect finish-to-start links).
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { GeneratedPlanDto } from '../../../contracts/ai.js';
import type { TaskDto } from '../../../contracts/tasks.js';
import type { Trade } from '../../../domain/estimate/types.js';
import { parseDependencies } from '../../../domain/tasks/index.js';
import { planGenerations } from '../../db/schema/index.js';
import type { Agent, TestApp } from '../../testing/harness.js';

export interface EstimateItem {
  section: string;
  description: string;
  quantity: number;
  unit: string;
  unitCost: number;
}

const usd = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const amountOf = (item: EstimateItem) => Math.round(item.quantity * item.unitCost * 100) / 100;
export const worksTotal = (items: readonly EstimateItem[]) =>
  Math.round(items.reduce((sum, i) => sum + amountOf(i), 0) * 100) / 100;

/** The estimate's bottom line as {@link estimateText} prints it: works + 6.25% tax + 5% contingency. */
export function grandTotal(items: readonly EstimateItem[]): number {
  const subtotal = worksTotal(items);
  const tax = Math.round(subtotal * 0.0625 * 100) / 100;
  const contingency = Math.round(subtotal * 0.05 * 100) / 100;
  return Math.round((subtotal + tax + contingency) * 100) / 100;
}

/** A residential remodel in the trades a contractor prices (CSI divisions as headings). */
export const REMODEL_ITEMS: readonly EstimateItem[] = [
  {
    section: 'DIVISION 01 - GENERAL REQUIREMENTS',
    description: 'Building permit and plan review fees',
    quantity: 1,
    unit: 'LS',
    unitCost: 850,
  },
  {
    section: 'DIVISION 02 - DEMOLITION',
    description: 'Remove kitchen cabinets, countertops and flooring',
    quantity: 1,
    unit: 'LS',
    unitCost: 3200,
  },
  {
    section: 'DIVISION 02 - DEMOLITION',
    description: 'Remove hall bath tile and fixtures',
    quantity: 1,
    unit: 'LS',
    unitCost: 1450,
  },
  {
    section: 'DIVISION 06 - WOOD AND PLASTICS',
    description: 'Frame new pantry wall, 2x4 studs 16" o.c.',
    quantity: 120,
    unit: 'SF',
    unitCost: 9.5,
  },
  {
    section: 'DIVISION 22 - PLUMBING',
    description: 'Rough-in plumbing for relocated sink and dishwasher',
    quantity: 1,
    unit: 'LS',
    unitCost: 2600,
  },
  {
    section: 'DIVISION 26 - ELECTRICAL',
    description: 'Electrical rough-in, 6 circuits and 14 recessed lights',
    quantity: 1,
    unit: 'LS',
    unitCost: 3850,
  },
  {
    section: 'DIVISION 09 - FINISHES',
    description: 'Hang, tape and finish 1/2" drywall',
    quantity: 640,
    unit: 'SF',
    unitCost: 3.1,
  },
  {
    section: 'DIVISION 12 - FURNISHINGS',
    description: 'Install shaker base and wall cabinets',
    quantity: 24,
    unit: 'LF',
    unitCost: 410,
  },
  {
    section: 'DIVISION 12 - FURNISHINGS',
    description: 'Quartz countertops, 3 cm, fabricated and installed',
    quantity: 58,
    unit: 'SF',
    unitCost: 78,
  },
  {
    section: 'DIVISION 09 - FINISHES',
    description: 'Porcelain floor tile 12x24 in bath',
    quantity: 85,
    unit: 'SF',
    unitCost: 14.25,
  },
  {
    section: 'DIVISION 09 - FINISHES',
    description: 'Luxury vinyl plank flooring in kitchen',
    quantity: 320,
    unit: 'SF',
    unitCost: 6.4,
  },
  {
    section: 'DIVISION 09 - FINISHES',
    description: 'Paint walls and ceilings, two coats',
    quantity: 1100,
    unit: 'SF',
    unitCost: 1.85,
  },
  {
    section: 'DIVISION 22 - PLUMBING',
    description: 'Set sink, faucet, toilet and vanity fixtures',
    quantity: 1,
    unit: 'LS',
    unitCost: 1900,
  },
];

/** An addition to the same house, priced later: its own estimate for the same project. */
export const DECK_ITEMS: readonly EstimateItem[] = [
  {
    section: 'DIVISION 01 - GENERAL REQUIREMENTS',
    description: 'Deck permit',
    quantity: 1,
    unit: 'LS',
    unitCost: 300,
  },
  {
    section: 'DIVISION 03 - CONCRETE',
    description: 'Concrete footings for deck posts',
    quantity: 3,
    unit: 'CY',
    unitCost: 420,
  },
  {
    section: 'DIVISION 06 - WOOD AND PLASTICS',
    description: 'Frame pressure-treated deck, joists 16" o.c.',
    quantity: 320,
    unit: 'SF',
    unitCost: 24,
  },
  {
    section: 'DIVISION 06 - WOOD AND PLASTICS',
    description: 'Composite decking and railing',
    quantity: 320,
    unit: 'SF',
    unitCost: 19.5,
  },
];

/**
 * The estimate as a text-layer PDF reads (columns separated by runs of spaces): a header with the
 * project facts, the items under their headings, then subtotal, tax, contingency and total.
 */
export function estimateText(
  items: readonly EstimateItem[],
  title = 'Miller Kitchen and Bath Remodel',
): string {
  const lines = [
    'Oakline Builders LLC',
    'ESTIMATE   #2026-117',
    `Project:  ${title}`,
    'Client:  Dana Miller',
    'Address:  418 Elm Street, Springfield, IL 62704',
    'Date:  03/02/2026',
    '',
    'Item   Description                                          Qty      Unit    Unit Cost       Amount',
  ];
  let section = '';
  items.forEach((item, i) => {
    if (item.section !== section) {
      section = item.section;
      lines.push('', section);
    }
    lines.push(
      [
        String(i + 1).padEnd(6),
        item.description.padEnd(52),
        String(item.quantity).padStart(6),
        item.unit.padEnd(6),
        usd(item.unitCost).padStart(12),
        usd(amountOf(item)).padStart(14),
      ].join('  '),
    );
  });
  const subtotal = worksTotal(items);
  const tax = Math.round(subtotal * 0.0625 * 100) / 100;
  const contingency = Math.round(subtotal * 0.05 * 100) / 100;
  lines.push(
    '',
    `${'Subtotal'.padEnd(100)}${usd(subtotal).padStart(14)}`,
    `${'Sales tax 6.25%'.padEnd(100)}${usd(tax).padStart(14)}`,
    `${'Contingency allowance 5%'.padEnd(100)}${usd(contingency).padStart(14)}`,
    `${'TOTAL'.padEnd(100)}${usd(grandTotal(items)).padStart(14)}`,
  );
  return lines.join('\n');
}

/** Creates a project through the API. */
export async function createProject(
  agent: Agent,
  opts: { budget: number; startDate?: string; endDate?: string; name?: string; type?: string },
): Promise<number> {
  const res = await agent.post('/api/projects', {
    name: opts.name ?? 'Miller remodel',
    client: 'Dana Miller',
    type: opts.type ?? 'Residential',
    budget: String(opts.budget),
    startDate: opts.startDate ?? '2026-03-02',
    endDate: opts.endDate ?? '2026-12-31',
  });
  if (res.statusCode !== 201) throw new Error(`project creation failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}

export function generate(agent: Agent, body: Record<string, unknown>) {
  return agent.post('/api/ai/generate-project-plan', body);
}

const day = (iso: string) => iso.slice(0, 10);

/**
 * The plan's links name only tasks of the plan (or the project's earlier tasks in `alsoKnown`),
 * form a DAG, and the dates the scheduler wrote respect every finish-to-start link.
 */
export function expectSoundPlan(tasks: readonly TaskDto[], alsoKnown: readonly TaskDto[] = []) {
  const byId = new Map([...alsoKnown, ...tasks].map((t) => [t.id, t]));
  const predecessors = new Map<number, number[]>();
  for (const task of tasks) {
    const deps = parseDependencies(task.dependencies);
    expect(deps.ok, `dependencies of "${task.name}" are readable`).toBe(true);
    if (!deps.ok) continue;
    for (const d of deps.value) {
      const before = byId.get(d.taskId);
      expect(before, `"${task.name}" depends on task ${d.taskId} of the project`).toBeDefined();
      if (!before) continue;
      if (d.type === 'FS' && d.lagDays >= 0) {
        // A milestone (an inspection, the dry-in) is dated on the day the work before it finishes.
        const after =
          task.duration === 0
            ? day(task.startDate) >= day(before.endDate)
            : day(task.startDate) > day(before.endDate);
        expect(after || before.duration === 0, `${before.name} → ${task.name}`).toBe(true);
      }
    }
    predecessors.set(task.id, deps.ok ? deps.value.map((d) => d.taskId) : []);
  }
  // Kahn's algorithm over the plan's tasks: every task is reached when there is no cycle.
  const ids = [...predecessors.keys()];
  const pending = new Map(
    ids.map((id) => [id, (predecessors.get(id) ?? []).filter((p) => predecessors.has(p)).length]),
  );
  const ready = ids.filter((id) => pending.get(id) === 0);
  let visited = 0;
  while (ready.length) {
    const id = ready.pop() as number;
    visited++;
    for (const other of ids) {
      if ((predecessors.get(other) ?? []).includes(id)) {
        const left = (pending.get(other) ?? 0) - 1;
        pending.set(other, left);
        if (left === 0) ready.push(other);
      }
    }
  }
  expect(visited, 'the links form no cycle').toBe(ids.length);
}

export const costSum = (plan: Pick<GeneratedPlanDto, 'tasks'>) =>
  Math.round(plan.tasks.reduce((sum, t) => sum + Number(t.estimatedCost ?? 0), 0) * 100) / 100;

/** The trade of each task a generation created or linked into, from its stored result. */
export async function tradeOfTasks(t: TestApp, generationId: number): Promise<Map<number, Trade>> {
  const [row] = await t.ctx.db.select().from(planGenerations).where(eq(planGenerations.id, generationId));
  if (!row) throw new Error(`generation ${generationId} not stored`);
  const { taskIdsByKey, tradesByKey } = row.result as {
    taskIdsByKey: Record<string, number>;
    tradesByKey: Record<string, Trade>;
  };
  return new Map(Object.entries(taskIdsByKey).map(([key, id]) => [id, tradesByKey[key] as Trade] as const));
}

/**
 * Pairs (earlier, later) of the construction sequence: the later trade's first task does not start
 * before the earlier trade's first task, when both are in the plan.
 */
export const SEQUENCE: readonly (readonly [Trade, Trade])[] = [
  ['permits', 'demolition'],
  ['permits', 'site-work'],
  ['permits', 'excavation'],
  ['permits', 'foundation'],
  ['permits', 'framing'],
  ['demolition', 'framing'],
  ['excavation', 'foundation'],
  ['site-work', 'foundation'],
  ['foundation', 'framing'],
  ['foundation', 'masonry'],
  ['framing', 'roofing'],
  ['framing', 'plumbing'],
  ['framing', 'electrical'],
  ['framing', 'hvac'],
  ['framing', 'insulation'],
  ['plumbing', 'insulation'],
  ['electrical', 'insulation'],
  ['hvac', 'insulation'],
  ['plumbing', 'drywall'],
  ['electrical', 'drywall'],
  ['hvac', 'drywall'],
  ['insulation', 'drywall'],
  ['drywall', 'painting'],
  ['drywall', 'tile'],
  ['drywall', 'flooring'],
  ['drywall', 'cabinets-millwork'],
  ['cabinets-millwork', 'countertops'],
  ['drywall', 'fixtures'],
  ['fixtures', 'punch-list'],
  ['painting', 'punch-list'],
  ['flooring', 'punch-list'],
  ['punch-list', 'closeout'],
];

/**
 * The saved plan respects the construction sequence: each pair of {@link SEQUENCE} in start order,
 * permits first, closeout last, and an inspection after the rough-in trades and at the end.
 */
export function expectConstructionOrder(tasks: readonly TaskDto[], trades: ReadonlyMap<number, Trade>) {
  const ofTrade = (trade: Trade) => tasks.filter((task) => trades.get(task.id) === trade);
  const firstStart = (trade: Trade) =>
    ofTrade(trade)
      .map((task) => day(task.startDate))
      .sort()[0];
  for (const [before, after] of SEQUENCE) {
    const a = firstStart(before);
    const b = firstStart(after);
    if (a && b) expect(a <= b, `${before} (${a}) starts no later than ${after} (${b})`).toBe(true);
  }
  const permits = ofTrade('permits');
  const inspections = ofTrade('inspections');
  const closeout = ofTrade('closeout');
  expect(permits.length, 'a permits task').toBeGreaterThan(0);
  expect(inspections.length, 'inspection tasks').toBeGreaterThan(0);
  expect(closeout.length, 'a closeout task').toBe(1);
  const finish = tasks
    .map((task) => day(task.endDate))
    .sort()
    .at(-1);
  expect(day((closeout[0] as TaskDto).endDate)).toBe(finish);
  const earliest = tasks.map((task) => day(task.startDate)).sort()[0];
  expect(
    permits.some((task) => day(task.startDate) === earliest),
    'the permits start the job',
  ).toBe(true);
  // The final inspection comes after the finishes.
  const lastInspection = inspections
    .map((task) => day(task.startDate))
    .sort()
    .at(-1) as string;
  for (const trade of ['painting', 'flooring', 'tile', 'fixtures'] as const) {
    const start = firstStart(trade);
    if (start) expect(lastInspection >= start, `final inspection after ${trade} starts`).toBe(true);
  }
}

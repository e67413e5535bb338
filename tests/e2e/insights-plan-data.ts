/**
 * Projects planned from an estimate through the API, as a contractor's upload makes them, for the
 * Insights screen: a kitchen and bath remodel whose drywall and paint are long enough to overlap
 * (the saving both the plan and the rules find).
 * Two of them, so the same advice is raised in two projects.
 */
import type { APIResponse, Page } from 'playwright-core';
import { companyToday } from './insights-data';
import { shiftDay } from './support/schedule-data';

/** Section, description, quantity, unit, unit cost. */
const ITEMS: readonly (readonly [string, string, number, string, number])[] = [
  ['DIVISION 01 - GENERAL REQUIREMENTS', 'Building permit and plan review fees', 1, 'LS', 850],
  ['DIVISION 02 - DEMOLITION', 'Remove kitchen cabinets, countertops and flooring', 1, 'LS', 3200],
  ['DIVISION 06 - WOOD AND PLASTICS', 'Frame new pantry wall, 2x4 studs 16" o.c.', 120, 'SF', 9.5],
  ['DIVISION 22 - PLUMBING', 'Rough-in plumbing for relocated sink and dishwasher', 1, 'LS', 2600],
  ['DIVISION 26 - ELECTRICAL', 'Electrical rough-in, 6 circuits and 14 recessed lights', 1, 'LS', 3850],
  ['DIVISION 09 - FINISHES', 'Hang, tape and finish 1/2" drywall', 12_800, 'SF', 3.1],
  ['DIVISION 12 - FURNISHINGS', 'Install shaker base and wall cabinets', 24, 'LF', 410],
  ['DIVISION 09 - FINISHES', 'Luxury vinyl plank flooring in kitchen', 320, 'SF', 6.4],
  ['DIVISION 09 - FINISHES', 'Paint walls and ceilings, two coats', 22_000, 'SF', 1.85],
  ['DIVISION 22 - PLUMBING', 'Set sink, faucet, toilet and vanity fixtures', 1, 'LS', 1900],
];

const usd = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The estimate as a text-layer PDF reads: a header, the items under their headings, the total. */
function estimateText(title: string): string {
  const lines = [
    'Oakline Builders LLC',
    'ESTIMATE   #2026-117',
    `Project:  ${title}`,
    'Client:  Dana Miller',
    '',
    'Item   Description                                          Qty      Unit    Unit Cost       Amount',
  ];
  let section = '';
  let total = 0;
  ITEMS.forEach(([heading, description, qty, unit, cost], i) => {
    if (heading !== section) {
      section = heading;
      lines.push('', heading);
    }
    const amount = Math.round(qty * cost * 100) / 100;
    total += amount;
    lines.push(
      [
        String(i + 1).padEnd(6),
        description.padEnd(52),
        String(qty).padStart(6),
        unit.padEnd(6),
        usd(cost).padStart(12),
        usd(amount).padStart(14),
      ].join('  '),
    );
  });
  lines.push('', `${'TOTAL'.padEnd(100)}${usd(Math.round(total * 100) / 100).padStart(14)}`);
  return lines.join('\n');
}

async function ok<T>(res: APIResponse, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A project starting today, planned from the estimate; answers its id. */
export async function planProject(page: Page, name: string, budget: string): Promise<number> {
  const today = companyToday();
  const { id } = await ok<{ id: number }>(
    await page.request.post('/api/projects', {
      data: {
        name,
        client: 'Dana Miller',
        type: 'Residential',
        budget,
        startDate: today,
        endDate: shiftDay(today, 120),
      },
    }),
    `project ${name}`,
  );
  await ok(
    await page.request.post('/api/ai/generate-project-plan', {
      data: {
        projectId: id,
        projectType: 'Residential',
        estimateContent: estimateText(name),
        fileName: `${name}.pdf`,
      },
      timeout: 120_000,
    }),
    `plan of ${name}`,
  );
  return id;
}

/** Polls until the rules' overlap opportunity of each project is there (the refresh runs in the background). */
export async function overlapsFound(page: Page, projectIds: readonly number[], timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const insights = await ok<{ projectId: number | null; title: string }[]>(
      await page.request.get('/api/ai-insights'),
      'insights',
    );
    const found = (id: number) => insights.some((i) => i.projectId === id && /^Overlap "/.test(i.title));
    if (projectIds.every(found)) return;
    if (Date.now() > deadline) throw new Error(`no overlap insight for projects ${projectIds.join(', ')}`);
    await page.waitForTimeout(250);
  }
}

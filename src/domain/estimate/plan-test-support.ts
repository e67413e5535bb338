/** Helpers the plan tests share: reachability along a plan's links and the engine's schedule of it. */
import { type ScheduledTask, type ScheduleLink, schedule } from '../schedule/critical-path.js';
import type { EstimateLineItem, EstimatePlan, PackageLink, WorkPackage } from './types.js';

/** A work line of 100 with no quantity: its words, section and sheet are what the storey rules read. */
export function workLine(
  line: number,
  description: string,
  section: string | null,
  more: Partial<EstimateLineItem> = {},
): EstimateLineItem {
  return {
    line,
    code: null,
    description,
    quantity: null,
    unit: null,
    unitCost: null,
    amount: 100,
    section,
    trade: 'other',
    kind: 'work',
    ...more,
  };
}

/** Keys reachable from `from` along the links. */
export function reachable(links: readonly PackageLink[], from: string): Set<string> {
  const out = new Map<string, string[]>();
  for (const l of links) out.set(l.from, [...(out.get(l.from) ?? []), l.to]);
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    for (const n of out.get(stack.pop() as string) ?? []) {
      if (!seen.has(n)) {
        seen.add(n);
        stack.push(n);
      }
    }
  }
  return seen;
}

export const precedes = (plan: Pick<EstimatePlan, 'links'>, a: string, b: string) =>
  reachable(plan.links, a).has(b);

/** The engine's offsets for a plan (working days from 0), by key; throws when it cannot schedule. */
export function offsets(
  packages: readonly WorkPackage[],
  links: readonly PackageLink[],
): { finish: number; at: (key: string) => ScheduledTask<string>; critical: string[] } {
  const engineLinks: ScheduleLink<string>[] = links.map((l) => ({
    predecessorId: l.from,
    successorId: l.to,
    type: l.type,
    lag: l.lagDays,
  }));
  const result = schedule(
    packages.map((p) => ({ id: p.key, duration: p.durationDays })),
    engineLinks,
  );
  if (!result.ok) throw new Error(`not schedulable: ${JSON.stringify(result.error)}`);
  const byKey = new Map(result.schedule.tasks.map((t) => [t.id, t] as const));
  return {
    finish: result.schedule.finish,
    at: (key) => {
      const t = byKey.get(key);
      if (!t) throw new Error(`no package ${key}`);
      return t;
    },
    critical: result.schedule.criticalPath,
  };
}

/** The link between two packages, if the plan has one. */
export const linkOf = (plan: Pick<EstimatePlan, 'links'>, from: string, to: string) =>
  plan.links.find((l) => l.from === from && l.to === to);

/** A bare package of a key (for graph tests). */
export function bare(key: string, durationDays: number): WorkPackage {
  return {
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
  };
}

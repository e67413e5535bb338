/**
 * Timing rules that need the plan's durations, not just its keys: how late demolition may start so
 * that long-lead items go in soon after they are delivered, and the span of the level-of-effort
 * general conditions. Both use the scheduling engine on offsets (no dates, no calendar).
 */
import { type ScheduleLink, schedule } from '../schedule/critical-path.js';
import { LEVEL_OF_EFFORT_KEYS } from './sequence-graph.js';
import type { PackageLink, WorkPackage } from './types.js';

const toEngine = (links: readonly PackageLink[]): ScheduleLink<string>[] =>
  links.map((l) => ({ predecessorId: l.from, successorId: l.to, type: l.type, lag: l.lagDays }));

/** Early starts and finishes of the packages under the links (offsets in working days), or null. */
function earlyDates(packages: readonly WorkPackage[], links: readonly PackageLink[]) {
  const keys = new Set(packages.map((p) => p.key));
  const result = schedule(
    packages.map((p) => ({ id: p.key, duration: p.durationDays })),
    toEngine(links.filter((l) => keys.has(l.from) && keys.has(l.to))),
  );
  if (!result.ok) return null;
  return new Map(result.schedule.tasks.map((t) => [t.id, t] as const));
}

/** Keys reachable from `from` along the links. */
function downstream(from: string, links: readonly PackageLink[]): Set<string> {
  const next = new Map<string, string[]>();
  for (const l of links) next.set(l.from, [...(next.get(l.from) ?? []), l.to]);
  const seen = new Set([from]);
  const stack = [from];
  while (stack.length > 0) {
    for (const k of next.get(stack.pop() as string) ?? []) {
      if (!seen.has(k)) {
        seen.add(k);
        stack.push(k);
      }
    }
  }
  return seen;
}

/**
 * Demolition as late as the deliveries allow: when a long-lead item (ordered at contract) would
 * arrive after the walls are ready for it, demolition starts later — by the time the delivery gives
 * it, never past its late start (so the finish does not move) — tied start-to-start to the order, so
 * the job is not left gutted while it waits for cabinets or windows.
 */
export function demolitionTiming(
  packages: readonly WorkPackage[],
  links: readonly PackageLink[],
): PackageLink[] {
  if (!packages.some((p) => p.key === 'demolition')) return [];
  const after = downstream('demolition', links);
  // From demolition's start, how soon each package after it can start (the work between them).
  const fromDemolition = earlyDates(
    packages.filter((p) => after.has(p.key) && !p.isProcurement),
    links,
  );
  const whole = earlyDates(packages, links);
  const demolition = whole?.get('demolition');
  if (!fromDemolition || !whole || !demolition) return [];
  // The delivery that asks for the latest start the finish allows; else the earliest past it, held to the late start.
  const wanted = packages.flatMap((order) => {
    const between = order.isProcurement
      ? fromDemolition.get(order.key.slice('procure-'.length))?.earlyStart
      : undefined;
    const placed = whole.get(order.key);
    if (between === undefined || !placed) return [];
    const start = placed.earlyFinish - between;
    return start > demolition.earlyStart ? [{ order, start, orderStart: placed.earlyStart }] : [];
  });
  const fits = wanted.filter((w) => w.start <= demolition.lateStart).sort((a, b) => b.start - a.start);
  const past = wanted.filter((w) => w.start > demolition.lateStart).sort((a, b) => a.start - b.start);
  const best = fits[0] ?? past[0];
  if (!best) return [];
  const held = best.start > demolition.lateStart;
  const lag = Math.round(Math.min(best.start, demolition.lateStart) - best.orderStart);
  if (lag + best.orderStart <= demolition.earlyStart) return [];
  const what = best.order.name.replace(/^Procure /, '');
  return [
    {
      from: best.order.key,
      to: 'demolition',
      type: 'SS',
      lagDays: lag,
      reason: held
        ? `Demolition starts ${lag} working days after the ${what} order, as late as it can without moving the finish, so the ${what} wait as little as possible after it (${best.order.durationDays} working days to deliver)`
        : `Demolition starts ${lag} working days after the ${what} order, so the job is opened up shortly before they are delivered (${best.order.durationDays} working days) and does not stand open waiting for them`,
    },
  ];
}

/**
 * General conditions span the job: from their start link to the punch list's finish, in working days
 * of the plan as sequenced (without weather; the server sets the span again on the dated schedule).
 */
export function withLevelOfEffortSpans(
  packages: WorkPackage[],
  links: readonly PackageLink[],
): WorkPackage[] {
  const work = packages.filter((p) => !LEVEL_OF_EFFORT_KEYS.has(p.key));
  const dates = earlyDates(work, links);
  if (!dates) return packages;
  return packages.map((p) => {
    if (!LEVEL_OF_EFFORT_KEYS.has(p.key)) return p;
    const into = links.filter((l) => l.to === p.key);
    const start = Math.max(
      0,
      ...into
        .filter((l) => l.type === 'FS' || l.type === 'SS')
        .map((l) => {
          const d = dates.get(l.from);
          return d ? (l.type === 'FS' ? d.earlyFinish : d.earlyStart) + l.lagDays : 0;
        }),
    );
    const finish = Math.max(
      start,
      ...into.filter((l) => l.type === 'FF').map((l) => (dates.get(l.from)?.earlyFinish ?? 0) + l.lagDays),
    );
    const span = Math.max(1, Math.round(finish - start));
    return {
      ...p,
      durationDays: span,
      durationBasis:
        'level of effort over the job: from mobilization to the end of the punch list (its span on the schedule); its cost is spread over it',
    };
  });
}

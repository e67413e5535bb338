/**
 * The sequence of a plan with floor packages: the graph is drawn over the trades (one stand-in per
 * trade built floor by floor), then each link is carried to the floors — floor to the same floor
 * (masonry on the first floor follows the first floor's concrete), the whole building into the
 * lowest floor, every floor into the whole-building work after it (the roof waits for every floor's
 * structure). Each floor then follows the one below: structure when the floor below is up (it
 * carries the next), finishes half a floor behind (the crew moves up as the floor below is done).
 */
import { tradeLabel } from './lexicon.js';
import { FINISH_FLOOR_OVERLAP } from './rates.js';
import { sequencePackages } from './sequence.js';
import { parseFloorKey, ROUGH_IN_BY_FLOOR, STRUCTURE_BY_FLOOR, storeyName } from './storeys.js';
import type { PackageLink, WorkPackage } from './types.js';

/** The links of a plan whose packages may include floor packages (`concrete@1`). */
export function sequenceByStorey(packages: readonly WorkPackage[]): PackageLink[] {
  const floors = new Map<string, WorkPackage[]>();
  const whole: WorkPackage[] = [];
  for (const p of packages) {
    const f = parseFloorKey(p.key);
    if (!f) whole.push(p);
    else floors.set(f.base, [...(floors.get(f.base) ?? []), p]);
  }
  if (floors.size === 0) return sequencePackages(packages);
  const storeyOf = (p: WorkPackage) => parseFloorKey(p.key)?.storey ?? 0;
  for (const list of floors.values()) list.sort((a, b) => storeyOf(a) - storeyOf(b));
  // One stand-in per floored trade, named like its floors without the storey.
  const standIns = [...floors].map(([base, list]) => {
    const first = list[0] as WorkPackage;
    return { ...first, key: base, name: first.name.replace(/ — [^—]+$/, '') };
  });
  const out = new Map<string, PackageLink>();
  const add = (link: PackageLink) => {
    const k = `${link.from}\u0000${link.to}`;
    if (!out.has(k)) out.set(k, link);
  };
  for (const l of sequencePackages([...whole, ...standIns])) {
    const from = floors.get(l.from);
    const to = floors.get(l.to);
    if (!from && !to) add(l);
    else if (from && !to) for (const a of from) add({ ...l, from: a.key });
    else if (!from && to) add({ ...l, to: (to[0] as WorkPackage).key });
    else if (from && to)
      for (const b of to) {
        const below = from.filter((a) => storeyOf(a) <= storeyOf(b));
        const a = below[below.length - 1] ?? (from[0] as WorkPackage);
        const floor = storeyOf(a) === storeyOf(b) ? storeyName(storeyOf(b)).toLowerCase() : null;
        add({ ...l, from: a.key, to: b.key, reason: floor ? `${l.reason}, on the ${floor}` : l.reason });
      }
  }
  for (const link of roughInAfterStructure(floors)) add(link);
  // An inspection is called on each floor when its work is done there, not in a chain up the building.
  for (const [base, list] of floors)
    if (!base.startsWith('inspection-')) for (const link of floorChain(base, list)) add(link);
  return [...out.values()];
}

/** On each floor the services are roughed in once that floor's structure is up. */
function roughInAfterStructure(floors: ReadonlyMap<string, readonly WorkPackage[]>): PackageLink[] {
  const out: PackageLink[] = [];
  const onFloor = (bases: ReadonlySet<string>) =>
    [...floors]
      .filter(([base]) => bases.has(base))
      .flatMap(([, list]) => list.map((p) => ({ p, storey: parseFloorKey(p.key)?.storey ?? 0 })));
  const structure = onFloor(STRUCTURE_BY_FLOOR);
  for (const rough of onFloor(ROUGH_IN_BY_FLOOR))
    for (const frame of structure.filter((x) => x.storey === rough.storey)) {
      const floor = storeyName(rough.storey).toLowerCase();
      out.push({
        from: frame.p.key,
        to: rough.p.key,
        type: 'FS',
        lagDays: 0,
        reason: `${tradeLabel(rough.p.trade)} rough-in on the ${floor} starts once the ${floor}'s ${tradeLabel(frame.p.trade).toLowerCase()} is up`,
      });
    }
  return out;
}

/** Each floor of a trade after the floor below it, start to start. */
function floorChain(base: string, list: readonly WorkPackage[]): PackageLink[] {
  const structure = STRUCTURE_BY_FLOOR.has(base);
  const out: PackageLink[] = [];
  for (let i = 1; i < list.length; i++) {
    const below = list[i - 1] as WorkPackage;
    const above = list[i] as WorkPackage;
    const lower = storeyName(parseFloorKey(below.key)?.storey ?? 0).toLowerCase();
    const upper = storeyName(parseFloorKey(above.key)?.storey ?? 0).toLowerCase();
    const trade = tradeLabel(below.trade);
    const lag = structure
      ? Math.max(1, Math.round(below.durationDays))
      : Math.max(1, Math.ceil(below.durationDays * FINISH_FLOOR_OVERLAP));
    out.push({
      from: below.key,
      to: above.key,
      type: 'SS',
      lagDays: lag,
      reason: structure
        ? `${trade} on the ${upper} starts once the ${lower} is built to carry it: ${lag} working days after the ${lower} started`
        : `${trade} moves up to the ${upper} ${lag} working days after starting on the ${lower}, following the floor below`,
    });
  }
  return out;
}

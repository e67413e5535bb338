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
import {
  type BuildingPart,
  parseFloorKey,
  partPlace,
  partRef,
  ROUGH_IN_BY_FLOOR,
  STRUCTURE_BY_FLOOR,
} from './storeys.js';
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
  // Work of no floor in a trade built floor by floor (a rooftop unit, site walls): the trade's
  // building-wide part, waiting for what the trade waits for and done with its floors.
  const buildingWide = new Map(whole.filter((p) => floors.has(p.key)).map((p) => [p.key, p]));
  const rest = whole.filter((p) => !buildingWide.has(p.key));
  const storeyOf = (p: WorkPackage) => partOf(p).storey;
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
  for (const l of sequencePackages([...rest, ...standIns])) {
    const from = floors.get(l.from);
    const to = floors.get(l.to);
    for (const link of buildingWideLinks(l, from, to, buildingWide)) add(link);
    if (!from && !to) add(l);
    else if (from && !to) for (const a of from) add({ ...l, from: a.key });
    else if (!from && to) add({ ...l, to: (to[0] as WorkPackage).key });
    else if (from && to)
      for (const b of to) {
        const below = from.filter((a) => storeyOf(a) <= storeyOf(b));
        const a = below[below.length - 1] ?? (from[0] as WorkPackage);
        const same = storeyOf(a) === storeyOf(b);
        add({
          ...l,
          from: a.key,
          to: b.key,
          reason: same ? `${l.reason}, ${partPlace(partOf(b))}` : l.reason,
        });
      }
  }
  for (const link of roughInAfterStructure(floors)) add(link);
  // An inspection is called on each floor when its work is done there, not in a chain up the building.
  for (const [base, list] of floors)
    if (!base.startsWith('inspection-')) for (const link of floorChain(base, list)) add(link);
  return [...out.values()];
}

/**
 * A link of the trades carried to their building-wide parts: into one from the trade's predecessor
 * (all of it: the top floor of a floored one), out of one to the successor (its building-wide part,
 * else its top floor).
 */
function buildingWideLinks(
  l: PackageLink,
  from: readonly WorkPackage[] | undefined,
  to: readonly WorkPackage[] | undefined,
  buildingWide: ReadonlyMap<string, WorkPackage>,
): PackageLink[] {
  const out: PackageLink[] = [];
  const wideFrom = buildingWide.get(l.from);
  const wideTo = buildingWide.get(l.to);
  const top = (list: readonly WorkPackage[] | undefined) => list?.[list.length - 1]?.key;
  if (wideTo) out.push({ ...l, from: top(from) ?? l.from, to: wideTo.key });
  if (wideFrom && !wideTo) out.push({ ...l, from: wideFrom.key, to: top(to) ?? l.to });
  if (wideFrom && wideTo) out.push({ ...l, from: wideFrom.key, to: wideTo.key });
  return out;
}

/** On each floor the services are roughed in once that floor's structure is up. */
function roughInAfterStructure(floors: ReadonlyMap<string, readonly WorkPackage[]>): PackageLink[] {
  const out: PackageLink[] = [];
  const onFloor = (bases: ReadonlySet<string>) =>
    [...floors]
      .filter(([base]) => bases.has(base))
      .flatMap(([, list]) => list.map((p) => ({ p, storey: partOf(p).storey })));
  const structure = onFloor(STRUCTURE_BY_FLOOR);
  for (const rough of onFloor(ROUGH_IN_BY_FLOOR))
    for (const frame of structure.filter((x) => x.storey === rough.storey)) {
      const part = partOf(rough.p);
      out.push({
        from: frame.p.key,
        to: rough.p.key,
        type: 'FS',
        lagDays: 0,
        reason: `${tradeLabel(rough.p.trade)} rough-in ${partPlace(part)} starts once ${partRef(part)}'s ${tradeLabel(frame.p.trade).toLowerCase()} is up`,
      });
    }
  return out;
}

/** A floor or area package's part (a whole-building package counts as the ground floor). */
function partOf(p: WorkPackage): BuildingPart {
  const f = parseFloorKey(p.key);
  return f ? { storey: f.storey, area: f.area } : { storey: 0, area: null };
}

/**
 * Each floor of a trade after the floor below it, start to start; each area after the area before
 * it, the crew moving on once it is part-way through (areas of one level carry nothing of each other).
 */
function floorChain(base: string, list: readonly WorkPackage[]): PackageLink[] {
  const out: PackageLink[] = [];
  for (let i = 1; i < list.length; i++) {
    const below = list[i - 1] as WorkPackage;
    const above = list[i] as WorkPackage;
    const areas = partOf(above).area !== null;
    const structure = STRUCTURE_BY_FLOOR.has(base) && !areas;
    const lower = partRef(partOf(below));
    const upper = partRef(partOf(above));
    const trade = tradeLabel(below.trade);
    const lag = structure
      ? Math.max(1, Math.round(below.durationDays))
      : Math.max(1, Math.ceil(below.durationDays * FINISH_FLOOR_OVERLAP));
    out.push({
      from: below.key,
      to: above.key,
      type: 'SS',
      lagDays: lag,
      reason: areas
        ? `${trade} moves on to ${upper} ${lag} working days after starting in ${lower}, following the area before`
        : structure
          ? `${trade} on ${upper} starts once ${lower} is built to carry it: ${lag} working days after ${lower} started`
          : `${trade} moves up to ${upper} ${lag} working days after starting on ${lower}, following the floor below`,
    });
  }
  return out;
}

/**
 * What the plan's rules need to know about floor packages: the floors some trades are planned on,
 * and a trade's floors seen as the one package the building orders its goods for.
 */
import { roundMoney } from './numbers.js';
import { type BuildingPart, parseFloorKey, partKey } from './storeys.js';
import type { WorkPackage } from './types.js';

/** The parts (storeys, lowest first, or areas in the document's order) on which any of the trades has a package. */
export function floorsOf(packages: readonly WorkPackage[], trades: ReadonlySet<string>): BuildingPart[] {
  const floors = new Map<string, BuildingPart>();
  for (const p of packages) {
    const f = parseFloorKey(p.key);
    if (f && trades.has(f.base)) floors.set(partKey('', f), { storey: f.storey, area: f.area });
  }
  return [...floors.values()].sort((a, b) => a.storey - b.storey);
}

/**
 * The packages with each trade's floors merged into one under the trade's key (`hvac@0`, `hvac@1` →
 * `hvac`): its lines, cost, materials and working days together.
 */
export function wholeTrades(packages: readonly WorkPackage[]): WorkPackage[] {
  const out = new Map<string, WorkPackage>();
  for (const p of packages) {
    const f = parseFloorKey(p.key);
    const key = f?.base ?? p.key;
    const seen = out.get(key);
    if (!seen) {
      out.set(key, f ? { ...p, key, name: p.name.replace(/ — [^—]+$/, '') } : p);
      continue;
    }
    out.set(key, {
      ...seen,
      durationDays: seen.durationDays + p.durationDays,
      estimatedCost: roundMoney(seen.estimatedCost + p.estimatedCost),
      materials: [...new Set([...seen.materials, ...p.materials])],
      sourceLines: [...seen.sourceLines, ...p.sourceLines],
    });
  }
  return [...out.values()];
}

/**
 * Groups of items (by sheet, by section) and what summary lines and percentage additions are
 * matched against: a roll-up equals a group's sum, a percentage names its base (a part, civil work).
 */
import { classifyLine, normalise } from '../lexicon.js';
import type { Draft } from './state.js';

export interface Group {
  label: string;
  items: Draft[];
  sum: number;
}

/** Sums of work items by sheet and by section (the targets summary lines can roll up). */
export function groupSums(items: Draft[]): Group[] {
  const bySheet = new Map<string, Draft[]>();
  const bySection = new Map<string, Draft[]>();
  for (const d of items) {
    if (d.kind !== 'work') continue;
    if (d.sheet) {
      const list = bySheet.get(d.sheet) ?? [];
      list.push(d);
      bySheet.set(d.sheet, list);
    }
    const key = `${d.sheet ?? ''}\u0000${d.section ?? ''}`;
    if (d.section) {
      const list = bySection.get(key) ?? [];
      list.push(d);
      bySection.set(key, list);
    }
  }
  const groups: Group[] = [];
  const sum = (ds: Draft[]) => ds.reduce((s, d) => s + (d.amount ?? 0), 0);
  for (const [key, ds] of bySection) {
    const label = key.split('\u0000')[1] ?? '';
    groups.push({
      label: ds[0]?.sheet ? `${label} (sheet "${ds[0].sheet}")` : label,
      items: ds,
      sum: sum(ds),
    });
  }
  for (const [name, ds] of bySheet)
    groups.push({ label: `sheet "${name}" ${ds[0]?.section ?? ''}`.trim(), items: ds, sum: sum(ds) });
  return groups;
}

export function partLetter(text: string): string | null {
  const m = /\bpart\s*['"‘’`]?\s*([a-z0-9]{1,2})\s*['"‘’`]?(?=\s|$|\W)/i.exec(text);
  return m?.[1]?.toLowerCase() ?? null;
}

export function labelsMatch(a: string, b: string): boolean {
  const na = normalise(a)
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const nb = normalise(b)
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!na || !nb) return false;
  if (nb.includes(na) || na.includes(nb)) return true;
  const pa = partLetter(a);
  const pb = partLetter(b);
  if (pa && pb && pa === pb) {
    const wa = new Set(na.split(' '));
    const wb = nb.split(' ');
    const shared = wb.filter((w) => wa.has(w) && w.length > 3).length;
    return shared >= 2;
  }
  return false;
}

/** The base of a percentage addition: the part it names, civil work, or the work read so far. */
export function percentBase(d: Draft, items: Draft[], groups: Group[]): number | null {
  const text = d.description;
  const part = partLetter(text.replace(/^part\s*['"‘’`]?[a-z]['"‘’`]?/i, ''));
  const work = items.filter((x) => x.kind === 'work' && x !== d && x.percent === null && !x.rollup);
  if (part) {
    // A whole sheet whose headings name only this part (its later sections too), else the part's section.
    const sheets = new Map<string, Draft[]>();
    for (const x of work) if (x.sheet) sheets.set(x.sheet, [...(sheets.get(x.sheet) ?? []), x]);
    for (const ds of sheets.values()) {
      const letters = new Set(ds.map((x) => partLetter(x.section ?? '')).filter((l) => l !== null));
      if (letters.size === 1 && letters.has(part) && ds.length >= 2)
        return ds.reduce((s, x) => s + (x.amount ?? 0), 0);
    }
    const g = groups.find((x) => partLetter(x.label) === part && x.items.length >= 2 && !x.items.includes(d));
    if (g) return g.sum;
  }
  if (/\bcivil\b/i.test(text)) {
    const civilSheets = new Set(work.filter((x) => /\bcivil\b/i.test(x.section ?? '')).map((x) => x.sheet));
    const civil = work.filter(
      (x) => civilSheets.has(x.sheet) && (x.sheet !== null || /\bcivil\b/i.test(x.section ?? '')),
    );
    if (civil.length > 0) return civil.reduce((s, x) => s + (x.amount ?? 0), 0);
    const notServices = work.filter((x) => {
      const t = classifyLine(x.tradeText, x.section ?? x.sheet).trade;
      return t !== 'plumbing' && t !== 'fixtures' && t !== 'electrical' && t !== 'utilities';
    });
    return notServices.reduce((s, x) => s + (x.amount ?? 0), 0);
  }
  return work.reduce((s, x) => s + (x.amount ?? 0), 0);
}

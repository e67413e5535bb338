/**
 * The construction-sequence graph: which package follows which, with link types and lags.
 *
 * The graph is declared over package keys in topological order (every predecessor is declared
 * before the key that names it), so any subset of it is acyclic. A package whose declared
 * predecessor is absent from the plan inherits that predecessor's own predecessors (the link type
 * and lag of its first hop, the absent work's lag dropped), so the chain stays connected: a
 * remodel with no foundation still puts framing after demolition.
 */
import {
  BASE_CURE_LAG_DAYS,
  CABINETS_AFTER_PAINT_LAG_DAYS,
  CONCRETE_CURE_LAG_DAYS,
  MASONRY_AFTER_FRAME_LAG_DAYS,
  MEP_OVERLAP_LAG_DAYS,
} from './rates.js';
import type { LinkType, PackageLink, WorkPackage } from './types.js';

interface Pred {
  from: string;
  type: LinkType;
  lag: number;
}

const fs = (from: string, lag = 0): Pred => ({ from, type: 'FS', lag });
const ss = (from: string, lag = 0): Pred => ({ from, type: 'SS', lag });

/** The graph, in topological order. */
export const SEQUENCE: readonly { key: string; preds: readonly Pred[] }[] = [
  { key: 'permits', preds: [] },
  { key: 'procure-windows-doors', preds: [fs('permits')] },
  { key: 'procure-cabinets-millwork', preds: [fs('permits')] },
  { key: 'procure-hvac', preds: [fs('permits')] },
  { key: 'procure-electrical', preds: [fs('permits')] },
  { key: 'procure-elevators', preds: [fs('permits')] },
  { key: 'general-conditions', preds: [fs('permits')] },
  { key: 'traffic-control', preds: [fs('general-conditions')] },
  { key: 'site-work', preds: [fs('general-conditions'), fs('traffic-control')] },
  { key: 'demolition', preds: [fs('site-work'), fs('traffic-control')] },
  { key: 'excavation', preds: [fs('demolition')] },
  { key: 'utilities', preds: [fs('excavation')] },
  { key: 'foundation', preds: [fs('excavation')] },
  { key: 'concrete', preds: [fs('foundation', CONCRETE_CURE_LAG_DAYS)] },
  { key: 'structural-steel', preds: [fs('foundation', CONCRETE_CURE_LAG_DAYS)] },
  {
    key: 'masonry',
    preds: [
      fs('foundation', CONCRETE_CURE_LAG_DAYS),
      ss('concrete', MASONRY_AFTER_FRAME_LAG_DAYS),
      fs('structural-steel'),
    ],
  },
  {
    key: 'framing',
    preds: [fs('foundation', CONCRETE_CURE_LAG_DAYS), fs('structural-steel'), fs('concrete')],
  },
  { key: 'roofing', preds: [fs('framing'), fs('concrete'), fs('masonry'), fs('structural-steel')] },
  {
    key: 'windows-doors',
    preds: [
      fs('framing'),
      fs('masonry'),
      fs('concrete'),
      fs('structural-steel'),
      fs('procure-windows-doors'),
    ],
  },
  { key: 'exterior-finishes', preds: [fs('roofing'), fs('windows-doors')] },
  { key: 'plumbing', preds: [fs('roofing')] },
  { key: 'fire-protection', preds: [ss('plumbing', MEP_OVERLAP_LAG_DAYS), fs('roofing')] },
  { key: 'hvac', preds: [ss('plumbing', MEP_OVERLAP_LAG_DAYS), fs('roofing'), fs('procure-hvac')] },
  {
    key: 'electrical',
    preds: [
      ss('hvac', MEP_OVERLAP_LAG_DAYS),
      ss('plumbing', MEP_OVERLAP_LAG_DAYS),
      fs('roofing'),
      fs('procure-electrical'),
    ],
  },
  { key: 'low-voltage', preds: [ss('electrical', MEP_OVERLAP_LAG_DAYS)] },
  { key: 'elevators', preds: [fs('roofing'), fs('procure-elevators')] },
  {
    key: 'inspection-rough',
    preds: [
      fs('plumbing'),
      fs('hvac'),
      fs('electrical'),
      fs('fire-protection'),
      fs('low-voltage'),
      fs('framing'),
    ],
  },
  { key: 'insulation', preds: [fs('inspection-rough')] },
  { key: 'drywall', preds: [fs('insulation')] },
  { key: 'painting', preds: [fs('drywall')] },
  { key: 'tile', preds: [fs('drywall')] },
  {
    key: 'cabinets-millwork',
    preds: [fs('drywall'), ss('painting', CABINETS_AFTER_PAINT_LAG_DAYS), fs('procure-cabinets-millwork')],
  },
  { key: 'countertops', preds: [fs('cabinets-millwork')] },
  { key: 'flooring', preds: [fs('painting')] },
  { key: 'specialties', preds: [fs('painting')] },
  { key: 'electrical-trim', preds: [fs('painting'), fs('electrical')] },
  { key: 'fixtures', preds: [fs('countertops'), fs('painting'), fs('tile'), fs('flooring')] },
  { key: 'planing', preds: [fs('utilities'), fs('demolition')] },
  { key: 'paving-base', preds: [fs('planing'), fs('utilities'), fs('excavation'), fs('exterior-finishes')] },
  { key: 'flatwork', preds: [fs('paving-base', BASE_CURE_LAG_DAYS)] },
  { key: 'paving', preds: [fs('paving-base', BASE_CURE_LAG_DAYS), fs('flatwork')] },
  { key: 'striping', preds: [fs('paving')] },
  { key: 'landscaping', preds: [fs('paving'), fs('flatwork'), fs('exterior-finishes')] },
  { key: 'other', preds: [fs('general-conditions')] },
];

/** Keys of the closing chain: after all work. */
const CLOSING = ['cleanup', 'inspection-final', 'punch-list', 'closeout'] as const;

const INDEX = new Map(SEQUENCE.map((n) => [n.key, n] as const));

/** Whether a key has a place in the graph. */
export function isSequencedKey(key: string): boolean {
  return INDEX.has(key) || (CLOSING as readonly string[]).includes(key);
}

/** Predecessors of `key` among the present keys (absent ones bypassed). */
function presentPreds(key: string, present: ReadonlySet<string>, memo: Map<string, Pred[]>): Pred[] {
  const node = INDEX.get(key);
  if (!node) return [];
  const out: Pred[] = [];
  for (const p of node.preds) {
    if (present.has(p.from)) out.push(p);
    else for (const q of bypass(p.from, present, memo)) out.push({ from: q.from, type: q.type, lag: q.lag });
  }
  return out;
}

/** What an absent key's successors attach to: its own present predecessors (their link type and lag). */
function bypass(absent: string, present: ReadonlySet<string>, memo: Map<string, Pred[]>): Pred[] {
  const cached = memo.get(absent);
  if (cached) return cached;
  const result = presentPreds(absent, present, memo);
  memo.set(absent, result);
  return result;
}

/**
 * The links of a plan: the graph's links among the packages present, the work with no successor
 * into the closing chain (cleanup → final inspection → punch list → closeout), redundant
 * finish-to-start links removed.
 */
export function sequencePackages(packages: readonly WorkPackage[]): PackageLink[] {
  const present = new Set(packages.map((p) => p.key));
  const memo = new Map<string, Pred[]>();
  const links = new Map<string, PackageLink>();
  const add = (from: string, to: string, type: LinkType, lag: number) => {
    if (from === to) return;
    const k = `${from}\u0000${to}`;
    const prev = links.get(k);
    if (!prev) {
      links.set(k, { from, to, type, lagDays: lag });
      return;
    }
    // One link per pair: finish-to-start dominates start-to-start; the larger lag wins.
    if (prev.type === type) prev.lagDays = Math.max(prev.lagDays, lag);
    else if (type === 'FS') links.set(k, { from, to, type, lagDays: lag });
  };
  for (const node of SEQUENCE) {
    if (!present.has(node.key)) continue;
    for (const p of presentPreds(node.key, present, memo)) add(p.from, node.key, p.type, p.lag);
  }
  // Work with no successor flows into the closing chain.
  const workKeys = packages.map((p) => p.key).filter((k) => !(CLOSING as readonly string[]).includes(k));
  // Only a finish-to-start successor waits for a package to finish: one followed only start-to-start joins the closing chain too.
  const hasSuccessor = new Set([...links.values()].filter((l) => l.type === 'FS').map((l) => l.from));
  const sinks = workKeys.filter((k) => !hasSuccessor.has(k) && INDEX.has(k));
  const closing = CLOSING.filter((k) => present.has(k));
  let previous: string[] = sinks.length > 0 ? sinks : present.has('permits') ? ['permits'] : [];
  for (const k of closing) {
    for (const from of previous) add(from, k, 'FS', 0);
    previous = [k];
  }
  // Unknown keys (not in the graph) follow permits and precede the closing chain.
  for (const p of packages) {
    if (isSequencedKey(p.key)) continue;
    if (present.has('permits')) add('permits', p.key, 'FS', 0);
    const firstClosing = closing[0];
    if (firstClosing) add(p.key, firstClosing, 'FS', 0);
  }
  return reduce([...links.values()]);
}

/** Drops a finish-to-start link when another all-FS path between the same packages is at least as long in lag. */
function reduce(links: PackageLink[]): PackageLink[] {
  const out = new Map<string, PackageLink[]>();
  for (const l of links) out.set(l.from, [...(out.get(l.from) ?? []), l]);
  const keep: PackageLink[] = [];
  for (const l of links) {
    if (l.type !== 'FS') {
      keep.push(l);
      continue;
    }
    if (!longerPath(l, out)) keep.push(l);
  }
  return keep;
}

function longerPath(link: PackageLink, out: Map<string, PackageLink[]>): boolean {
  // Depth-first over FS links, skipping the link itself; the graph is small (≤ ~50 keys).
  const stack: { key: string; lag: number; depth: number }[] = [];
  for (const l of out.get(link.from) ?? []) {
    if (l === link || l.type !== 'FS') continue;
    stack.push({ key: l.to, lag: l.lagDays, depth: 1 });
  }
  const best = new Map<string, number>();
  while (stack.length > 0) {
    const cur = stack.pop();
    if (!cur) break;
    if (cur.key === link.to) {
      if (cur.lag >= link.lagDays) return true;
      continue;
    }
    if ((best.get(cur.key) ?? -1) >= cur.lag) continue;
    best.set(cur.key, cur.lag);
    for (const l of out.get(cur.key) ?? []) {
      if (l.type !== 'FS') continue;
      stack.push({ key: l.to, lag: cur.lag + l.lagDays, depth: cur.depth + 1 });
    }
  }
  return false;
}

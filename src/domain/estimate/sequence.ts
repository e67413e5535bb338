/**
 * A plan's links from the construction-sequence graph (`sequence-graph.ts`): each declared edge
 * among the packages present, with its type, lag and reason.
 *
 * A package whose declared predecessor is absent from the plan inherits that predecessor's own
 * predecessors (the link type and lag of its first hop, the absent work's lag dropped), so the chain
 * stays connected: a remodel with no foundation still puts framing after demolition. Such a link's
 * reason says plainly which work follows which. General conditions are a level-of-effort span: from mobilization
 * (start) to the end of the punch list (finish-to-finish); they drive no other work.
 */
import {
  CLOSING,
  CLOSING_REASONS,
  LEVEL_OF_EFFORT_FINISH,
  LEVEL_OF_EFFORT_KEYS,
  LEVEL_OF_EFFORT_START,
  type Pred,
  SEQUENCE,
  type SequenceNode,
} from './sequence-graph.js';
import type { LinkType, PackageLink, WorkPackage } from './types.js';

export { CLOSING, SEQUENCE };

const INDEX = new Map<string, SequenceNode>(SEQUENCE.map((n) => [n.key, n] as const));

/** Whether a key has a place in the graph. */
export function isSequencedKey(key: string): boolean {
  return INDEX.has(key) || (CLOSING as readonly string[]).includes(key) || LEVEL_OF_EFFORT_KEYS.has(key);
}

/** A link found for a package: the declared edge, or what an absent predecessor's edge stands for. */
interface Found extends Pred {
  /** The absent package the link passes over (the one whose own declared edge it carries), if any. */
  via: string | null;
}

/** Predecessors of `key` among the present keys (absent ones bypassed). */
function presentPreds(key: string, present: ReadonlySet<string>, memo: Map<string, Found[]>): Found[] {
  const n = INDEX.get(key);
  if (!n) return [];
  const out: Found[] = [];
  for (const p of n.preds) {
    if (present.has(p.from)) out.push({ ...p, via: null });
    // An order that is not placed delivers nothing to wait for; an optional condition lapses.
    else if (!p.onlyIfPresent && !p.from.startsWith('procure-'))
      for (const q of bypass(p.from, present, memo)) out.push({ ...q, via: q.via ?? p.from });
  }
  return out;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A package's words in a sentence: its label in the graph ("the framing"), else its key. */
const labelOf = (key: string) => INDEX.get(key)?.label ?? key.replace(/-/g, ' ');

const days = (n: number) => `${n} working day${n === 1 ? '' : 's'}`;

/**
 * What an inherited link says. The declared reason names the absent work, so it is not repeated:
 * the link is said as what it is, between the two packages the contractor sees ("The plumbing
 * rough-in follows the framing").
 */
function inheritedReason(link: Found, to: string): string {
  if (link.via === null) return link.reason;
  const after = capital(labelOf(to));
  const before = labelOf(link.from);
  if (link.type === 'SS')
    return link.lag > 0
      ? `${after} starts ${days(link.lag)} after ${before} starts`
      : `${after} starts together with ${before}`;
  if (link.type === 'FF') return `${after} finishes after ${before} finishes`;
  return link.lag > 0
    ? `${after} starts ${days(link.lag)} after ${before} is finished`
    : `${after} follows ${before}`;
}

/** What an absent key's successors attach to: its own present predecessors (their link type and lag). */
function bypass(absent: string, present: ReadonlySet<string>, memo: Map<string, Found[]>): Found[] {
  const cached = memo.get(absent);
  if (cached) return cached;
  const result = presentPreds(absent, present, memo);
  memo.set(absent, result);
  return result;
}

/** A plan link while the plan is built: whether it passes over an absent package. */
type Draft = PackageLink & { inherited: boolean };

/** One link per pair of packages: finish-to-start over start-to-start, the larger lag, a declared reason over an inherited one. */
class LinkSet {
  private readonly links = new Map<string, Draft>();

  add(from: string, to: string, type: LinkType, lag: number, reason: string, inherited = false): void {
    if (from === to) return;
    const k = `${from}\u0000${to}`;
    const prev = this.links.get(k);
    const next = { from, to, type, lagDays: lag, reason, inherited };
    if (!prev) this.links.set(k, next);
    else if (prev.type === type) {
      if (lag > prev.lagDays || (lag === prev.lagDays && prev.inherited && !inherited))
        this.links.set(k, next);
    } else if (type === 'FS') this.links.set(k, next);
  }

  values(): Draft[] {
    return [...this.links.values()];
  }
}

/**
 * The links of a plan: the graph's links among the packages present, the work with no successor
 * into the closing chain (cleanup → final inspection → punch list → closeout), general conditions
 * over the whole job, redundant finish-to-start links removed. Every link has a reason.
 */
export function sequencePackages(packages: readonly WorkPackage[]): PackageLink[] {
  const present = new Set(packages.map((p) => p.key));
  // "Drywall" → "drywall" in a sentence; "HVAC trim" keeps its capitals.
  const inSentence = (name: string) =>
    /^[A-Z][a-z]/.test(name) ? name[0]?.toLowerCase() + name.slice(1) : name;
  const names = new Map(packages.map((p) => [p.key, inSentence(p.name)] as const));
  const nameOf = (key: string) => names.get(key) ?? key;
  const memo = new Map<string, Found[]>();
  const links = new LinkSet();
  for (const n of SEQUENCE) {
    if (!present.has(n.key)) continue;
    for (const p of presentPreds(n.key, present, memo))
      links.add(p.from, n.key, p.type, p.lag, inheritedReason(p, n.key), p.via !== null);
  }
  // Procurement the estimate's own lead times add: ordered at contract, delivered before its install.
  for (const p of packages) {
    if (!p.key.startsWith('procure-') || INDEX.has(p.key)) continue;
    const install = p.key.slice('procure-'.length);
    if (present.has('permits'))
      links.add(
        'permits',
        p.key,
        'SS',
        0,
        `${capital(p.name.replace(/^Procure /, ''))} is ordered at contract signing, while the permits are under review`,
      );
    if (present.has(install))
      links.add(p.key, install, 'FS', 0, `${capital(nameOf(install))} is installed once it is delivered`);
  }
  // Work with no successor flows into the closing chain; general conditions never do (they drive nothing).
  const workKeys = packages
    .map((p) => p.key)
    .filter((k) => !(CLOSING as readonly string[]).includes(k) && !LEVEL_OF_EFFORT_KEYS.has(k));
  // Only a finish-to-start successor waits for a package to finish: one followed only start-to-start joins the closing chain too.
  const hasSuccessor = new Set(
    links
      .values()
      .filter((l) => l.type === 'FS')
      .map((l) => l.from),
  );
  const sinks = workKeys.filter((k) => !hasSuccessor.has(k) && isSequencedKey(k));
  const closing = CLOSING.filter((k) => present.has(k));
  let previous: string[] = sinks.length > 0 ? sinks : present.has('permits') ? ['permits'] : [];
  for (const k of closing) {
    for (const from of previous) links.add(from, k, 'FS', 0, CLOSING_REASONS[k](nameOf(from)));
    previous = [k];
  }
  // Unknown keys (not in the graph) follow permits and precede the closing chain.
  const firstClosing = closing[0];
  for (const p of packages) {
    if (isSequencedKey(p.key) || p.key.startsWith('procure-')) continue;
    if (present.has('permits'))
      links.add('permits', p.key, 'FS', 0, `${p.name} starts once the permits are issued`);
    if (firstClosing) links.add(p.key, firstClosing, 'FS', 0, CLOSING_REASONS[firstClosing](nameOf(p.key)));
  }
  for (const k of LEVEL_OF_EFFORT_KEYS) if (present.has(k)) levelOfEffort(k, present, links, memo, sinks);
  return reduce(links.values()).map(({ inherited: _, ...l }) => l);
}

/** A level-of-effort package: starts with the work after its start link, finishes with the punch list. */
function levelOfEffort(
  key: string,
  present: ReadonlySet<string>,
  links: LinkSet,
  memo: Map<string, Found[]>,
  sinks: readonly string[],
): void {
  const { from: startFrom, type, lag, reason } = LEVEL_OF_EFFORT_START;
  if (present.has(startFrom)) links.add(startFrom, key, type, lag, reason);
  else for (const q of bypass(startFrom, present, memo)) links.add(q.from, key, 'FS', q.lag, reason, true);
  const end = LEVEL_OF_EFFORT_FINISH;
  // Without a punch list the span ends with the closing step before closeout, if any (closeout itself is the paperwork after it).
  const endFrom = present.has(end.from)
    ? end.from
    : CLOSING.filter((k) => k !== 'closeout' && present.has(k)).pop();
  if (endFrom) links.add(endFrom, key, end.type, end.lag, end.reason);
  // A plan without a closing chain (a subcontractor's scope) ends the span with its last work.
  else
    for (const from of sinks)
      links.add(from, key, 'FF', 0, `${capital(labelOf(key))} run until ${labelOf(from)} is done`);
}

/**
 * Drops a finish-to-start link when another all-FS path between the same packages is at least as
 * long in lag, and an inherited start-to-start link when its successor already follows its
 * predecessor some other way (it only stood in for an absent package).
 */
function reduce<L extends Draft>(links: L[]): L[] {
  const out = new Map<string, L[]>();
  for (const l of links) out.set(l.from, [...(out.get(l.from) ?? []), l]);
  const kept = new Set(links.filter((l) => l.type !== 'FS' || !longerPath(l, out)));
  for (const l of links) {
    if (l.type === 'FS' || !l.inherited || !kept.has(l)) continue;
    kept.delete(l);
    if (!reaches(l.from, l.to, kept)) kept.add(l);
  }
  return links.filter((l) => kept.has(l));
}

/** Whether `to` follows `from` along the links. */
function reaches(from: string, to: string, links: ReadonlySet<PackageLink>): boolean {
  const next = new Map<string, string[]>();
  for (const l of links) next.set(l.from, [...(next.get(l.from) ?? []), l.to]);
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    for (const k of next.get(stack.pop() as string) ?? []) {
      if (k === to) return true;
      if (!seen.has(k)) {
        seen.add(k);
        stack.push(k);
      }
    }
  }
  return false;
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

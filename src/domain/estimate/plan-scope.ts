/**
 * What a plan adds around the document's own work: the permit review, the typical lead times of
 * long-lead trades, and the general contractor's closing chain (final inspection, punch list,
 * closeout). Each is added only when the estimate asks for it or the job calls for it, decided here
 * and nowhere else, by the kind of document and the kind of job.
 */
import { documentKind } from './document-kind.js';
import { baseKey } from './storeys.js';
import type { EstimateDocument, Trade, WorkPackage } from './types.js';

/** What the job is, as its words and trades say. */
export type JobKind = 'build' | 'repair' | 'service' | 'unknown';

/** One addition and why it is (or is not) made. */
export interface Addition {
  add: boolean;
  reason: string;
}

/** The plan's additions for one document. */
export interface PlanScope {
  kind: NonNullable<EstimateDocument['kind']>;
  job: JobKind;
  /** The permit review before the work (a 10-day task when no line prices it). */
  permits: Addition;
  /** Procurement at the trade's typical lead time; a lead time the estimate states is always planned. */
  typicalProcurement: Addition;
  /** Final inspection, punch list and closeout: the general contractor's end of a job. */
  closing: Addition;
}

/** Words that make the job a build or an alteration of a building. */
const BUILD_WORDS =
  /\bnew (?:construction|home|house|building|residence|dwelling|build)\b|\badditions?\b|\bground[- ]up\b|\badu\b|\baccessory dwelling\b|\bremodel|\brenovat|\bfit[- ]?out\b|\btenant improvements?\b|\bconversion\b/i;
/** Words that make it a repair. */
const REPAIR_WORDS = /\brepairs?\b|\bpatch(?:ing)?\b|\bservice call\b|\btroubleshoot|\bleaks?\b|\bin kind\b/i;
/** Words that make it a service: maintenance, monitoring, inspection services. */
const SERVICE_WORDS =
  /\bmaintenance\b|\bservice (?:contract|agreement|plan)\b|\binspection services\b|\bmonitoring\b|\bjanitorial\b|\bmonthly (?:service|inspections?)\b|\bpreventive\b/i;

/** Work a building or street permit covers: structure, services, roofs, demolition, digging. */
const PERMITTED_WORK: ReadonlySet<Trade> = new Set<Trade>([
  'demolition',
  'site-work',
  'excavation',
  'foundation',
  'concrete',
  'masonry',
  'structural-steel',
  'framing',
  'roofing',
  'plumbing',
  'electrical',
  'hvac',
  'fire-protection',
  'elevators',
  'utilities',
]);

/** A priced line that asks for a permit: permits, plan review, building or impact fees. */
const ASKS_FOR_PERMITS = /\bpermits?\b|\bplan (?:review|check)\b|\b(?:building|impact|inspection) fees?\b/i;
/** A priced line that asks for procurement: submittals, shop drawings, long-lead items. */
const ASKS_FOR_PROCUREMENT = /\bsubmittals?\b|\bshop drawings?\b|\bprocure(?:ment)?\b|\blong[- ]lead\b/i;
/** What a line's disposition must be for its words to count: planned or charged, not set aside. */
const COUNTED = new Set(['work', 'allowance', 'charge']);

/** The words of the lines the document prices (work, allowances, charges), and its title. */
function pricedWords(document: EstimateDocument): string[] {
  const lines = document.lines
    ? document.lines.filter((l) => COUNTED.has(l.disposition)).map((l) => l.text)
    : [...document.items.map((i) => i.description), ...(document.charges ?? []).map((c) => c.description)];
  return [document.facts.projectName ?? '', ...lines];
}

/** The job's kind: a build by its words, else a repair or service by its title or most of its lines, else a build by its trades. */
export function jobKind(document: EstimateDocument, work: readonly WorkPackage[]): JobKind {
  const title = document.facts.projectName ?? '';
  const words = pricedWords(document);
  if (words.some((w) => BUILD_WORDS.test(w))) return 'build';
  const items = document.items.filter((i) => i.kind === 'work');
  const most = (re: RegExp) =>
    items.length > 0 && items.filter((i) => re.test(i.description)).length * 2 > items.length;
  if (SERVICE_WORDS.test(title) || most(SERVICE_WORDS)) return 'service';
  if (REPAIR_WORDS.test(title) || most(REPAIR_WORDS)) return 'repair';
  return work.some((p) => PERMITTED_WORK.has(baseKey(p.key) as Trade) || PERMITTED_WORK.has(p.trade))
    ? 'build'
    : 'unknown';
}

const KIND_NAMES = {
  'subcontractor-scope': "a subcontractor's scope",
  'supplier-quote': "a supplier's materials quote",
} as const;

/**
 * The rule: a document that is a subcontractor's scope or a supplier's quote plans its own work
 * only (what it prices, and the lead times it states). An estimate of the job adds the permit
 * review when a priced line asks for it or the job is a build (new work, an addition, an alteration,
 * or work a permit covers — not a repair or a service); typical lead times under the same
 * condition or when a line prices submittals or long-lead items; and its closing chain, unless the
 * job is a service (maintenance, monitoring), which nothing inspects and punches at the end.
 */
export function planScope(document: EstimateDocument, work: readonly WorkPackage[]): PlanScope {
  const kind = document.kind ?? documentKind('', document.items);
  const job = jobKind(document, work);
  const words = pricedWords(document);
  const asks = (re: RegExp) => words.some((w) => re.test(w));
  if (kind !== 'estimate') {
    const what = KIND_NAMES[kind];
    return {
      kind,
      job,
      permits: asks(ASKS_FOR_PERMITS)
        ? { add: true, reason: `${what} that prices permits` }
        : { add: false, reason: `${what}: the permits are the general contractor's` },
      typicalProcurement: { add: false, reason: `${what}: only the lead times it states are planned` },
      closing: {
        add: false,
        reason: `${what}: the final inspection, punch list and closeout are the general contractor's`,
      },
    };
  }
  const build = job === 'build';
  return {
    kind,
    job,
    permits: asks(ASKS_FOR_PERMITS)
      ? { add: true, reason: 'a priced line asks for permits' }
      : build
        ? { add: true, reason: 'the job is building work a permit covers' }
        : { add: false, reason: `the job is ${job === 'unknown' ? 'no work a permit covers' : `a ${job}`}` },
    typicalProcurement: asks(ASKS_FOR_PROCUREMENT)
      ? { add: true, reason: 'a priced line asks for submittals or long-lead items' }
      : build
        ? { add: true, reason: 'the job is a build: long-lead goods are ordered at contract' }
        : { add: false, reason: `the job is ${job === 'unknown' ? 'no build' : `a ${job}`}` },
    closing:
      job === 'service'
        ? {
            add: false,
            reason: 'the job is a service: it ends with its term, not an inspection and punch list',
          }
        : { add: true, reason: 'an estimate of the job ends with its inspection, punch list and closeout' },
  };
}

/** What the plan's notes say about the additions it left out. */
export function scopeNotes(scope: PlanScope): string[] {
  const left = [
    !scope.permits.add && 'permits',
    !scope.closing.add && 'final inspection, punch list and closeout',
  ].filter((x): x is string => typeof x === 'string');
  if (left.length === 0) return [];
  const why =
    scope.kind !== 'estimate'
      ? KIND_NAMES[scope.kind]
      : scope.closing.add
        ? scope.permits.reason
        : scope.closing.reason;
  return [`Planned without ${left.join('; ')}: ${why}.`];
}

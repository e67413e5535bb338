/**
 * Estimate to plan, the domain's data shapes. Text in (the layout of `POST /api/parse-pdf`:
 * tab-separated spreadsheet rows under `## Sheet: <name>` lines, PDF pages split by `\f` with column
 * gaps as runs of spaces), work packages and their links out. Dates and the critical path are the
 * scheduling engine's job (`src/domain/schedule`), never this module's.
 */
import type { LinkType } from '../schedule/link-types.js';

/** Construction trades the analyzer maps estimate lines to (the keys of the trade lexicon). */
export const TRADES = [
  'permits',
  'general-conditions',
  'site-work',
  'demolition',
  'excavation',
  'foundation',
  'concrete',
  'masonry',
  'structural-steel',
  'framing',
  'roofing',
  'windows-doors',
  'exterior-finishes',
  'plumbing',
  'electrical',
  'hvac',
  'fire-protection',
  'low-voltage',
  'elevators',
  'inspections',
  'insulation',
  'drywall',
  'painting',
  'flooring',
  'tile',
  'cabinets-millwork',
  'countertops',
  'fixtures',
  'specialties',
  'paving',
  'utilities',
  'landscaping',
  'cleanup',
  'punch-list',
  'closeout',
  'procurement',
  'other',
] as const;
export type Trade = (typeof TRADES)[number];

/** One priced line of an estimate. */
export interface EstimateLineItem {
  /** 1-based line number in the text, for messages. */
  line: number;
  /** Item number or cost code as written (`03 30 00`, `2.1`, `12`), if any. */
  code: string | null;
  description: string;
  quantity: number | null;
  unit: string | null;
  unitCost: number | null;
  /** The line's amount; `quantity × unitCost` when the line gives no amount. */
  amount: number | null;
  /** The section heading the line sits under (CSI division, trade, phase, sheet), if any. */
  section: string | null;
  /** The trade the line maps to. */
  trade: Trade;
  /** Allowances and contingencies are budget, not work: they get no task. */
  kind: 'work' | 'allowance';
  /** The spreadsheet sheet the line is on (`## Sheet:` name), if any. */
  sheet?: string;
  /** For a percentage addition (`Add 7% electrification`): the percentage. */
  percent?: number;
  /** The trade was set by the user (a correction), not read from the words. */
  tradeCorrected?: boolean;
}

/** A line that is not work: overhead, profit, tax, fee, bond, insurance, prorata and the like. */
export interface EstimateCharge {
  line: number;
  description: string;
  amount: number | null;
  percent: number | null;
}

/** What the analyzer read from an estimate's text. */
export interface EstimateDocument {
  items: EstimateLineItem[];
  /** The total of works the document itself states (before tax/overheads when it separates them), if any. */
  statedTotal: number | null;
  /** The sum of the work items' amounts. */
  itemsTotal: number;
  /** ISO 4217 code when the text shows one (`$` → USD, `Rs`/`₹` → INR), else null. */
  currency: string | null;
  facts: {
    projectName: string | null;
    client: string | null;
    address: string | null;
    /** `YYYY-MM-DD` dates the document states (bid date, start), if any. */
    dates: string[];
  };
  /** Problems found in the document itself, e.g. totals that read `#REF!`. */
  problems: EstimateProblem[];
  notes: string[];
  /** The document's final figure (grand total, with charges and allowances), when it states one. */
  grandTotal?: number | null;
  /** The sum of the allowance/contingency items (budget, no task). */
  allowanceTotal?: number;
  /** The sum of the lines that are not work (overhead, profit, tax, prorata…). */
  chargesTotal?: number;
  charges?: EstimateCharge[];
  /** Every source line that carries an amount, with what the reader did with it and why. */
  lines?: EstimateSourceLine[];
  /** The document's own totals against what the reader planned and set aside. */
  reconciliation?: EstimateReconciliation;
  /** Questions the user must answer (which bid column, which model, include an alternate?). */
  choices?: EstimateChoice[];
  /** What the document is: an estimate of the job, a subcontractor's scope or a supplier's quote (`document-kind.ts`). */
  kind?: 'estimate' | 'subcontractor-scope' | 'supplier-quote';
}

/** What the reader did with a line that carries an amount. */
export type LineDisposition =
  | 'work'
  | 'allowance'
  | 'charge'
  | 'total'
  | 'subtotal'
  | 'recap'
  | 'duplicate'
  | 'alternate'
  | 'option'
  | 'exclusion'
  | 'other-bidder'
  | 'other-model'
  | 'measurement'
  | 'unclear';

export interface EstimateSourceLine {
  /** 1-based line number in the text. */
  line: number;
  sheet?: string;
  text: string;
  amount: number | null;
  disposition: LineDisposition;
  /** A short human reason (`rolls up items listed elsewhere`, `bidder "K&E Excavating" (not chosen)`). */
  reason: string;
}

/** A total the document states. */
export interface EstimateStatedTotal {
  line: number;
  label: string;
  /** `grand`: the final figure; `work`: the total of works (e.g. PEM, hard cost); `subtotal`: a section's; `column`: a bid column's. */
  kind: 'grand' | 'work' | 'subtotal' | 'column';
  value: number | null;
}

export interface EstimateReconciliation {
  /** The totals the document states (grand, work, section subtotals, the chosen column's). */
  documentTotals: EstimateStatedTotal[];
  /** The work total the plan carries (the sum of the work items). */
  plannedTotal: number;
  allowanceTotal: number;
  chargesTotal: number;
  /** Amounts read but not planned and not counted in the totals (alternates, other bidders, other models, recaps, duplicates). */
  excludedTotal: number;
  /** The document total the planned figures are compared with (work + allowances + charges against it), null when none. */
  against: EstimateStatedTotal | null;
  /** `against.value − (planned + allowances + charges)`, when both exist. */
  difference: number | null;
  /** Within 0.5% (to the cent when every figure is written to the cent). */
  matches: boolean | null;
  /** Lines that explain a mismatch (unclear lines, broken cells). */
  mismatches: EstimateSourceLine[];
}

/** A choice between readings of the document, with a default when the document suggests one. */
export interface EstimateChoice {
  /** Stable key of the question, e.g. `bid-column`, `model`, `alternate:12`. */
  key: string;
  kind: 'bid-column' | 'model' | 'alternate';
  question: string;
  options: { id: string; label: string; total: number | null }[];
  /** The option read when the user has not chosen (null: none, the plan needs an answer). */
  defaultOption: string | null;
  /** The option this reading used (the user's answer, else the default). */
  chosen: string | null;
}

/** The user's answers, by choice key: an option id (`bid-column`, `model`) or `include`/`exclude` (alternates). */
export type EstimateChoiceAnswers = Record<string, string>;

export interface EstimateProblem {
  code: 'broken-total' | 'broken-cells' | 'total-mismatch' | 'no-items' | 'choice-required' | 'unclear-lines';
  message: string;
}

/** A unit of scheduled work: one task of the plan. */
export interface WorkPackage {
  /** Stable key within a plan, e.g. `framing`, `procure-windows`, `inspection-rough`. */
  key: string;
  trade: Trade;
  name: string;
  description: string;
  /** The schedule phase it is grouped under (e.g. `Pre-construction`, `Structure`, `Finishes`). */
  phase: string;
  /** Working days (0 = milestone). */
  durationDays: number;
  /** The sum of its lines' amounts, in the estimate's currency; 0 for permits/inspections it adds. */
  estimatedCost: number;
  /** Material names from its lines. */
  materials: string[];
  /** Specification notes from its lines (sizes, grades, models). */
  specifications: string[];
  /** How the duration was reached, e.g. `1,800 sf at 400 sf/crew-day` or `labour share of $12,400 at $1,150/crew-day`. */
  durationBasis: string;
  /** Lines of the estimate in this package (line numbers). */
  sourceLines: number[];
  /** Long-lead procurement (windows, cabinets, HVAC equipment, switchgear, elevators). */
  isProcurement: boolean;
  /** Site work, concrete, framing, roofing, exterior: weather allowance applies. */
  weatherSensitive: boolean;
}

export type { LinkType };

/** A precedence link between two packages by key. */
export interface PackageLink {
  from: string;
  to: string;
  type: LinkType;
  /** Working days; concrete cure as lag, overlapping trades as SS with lag. */
  lagDays: number;
  /** Why the link is there, in words a user reads ("Drywall waits for the rough-in inspection"). */
  reason: string;
}

/** The analyzer's result: sequenced packages ready for the scheduling engine. */
export interface EstimatePlan {
  document: EstimateDocument;
  packages: WorkPackage[];
  links: PackageLink[];
  notes: string[];
}

/** Options of the analysis. */
export interface EstimateToPlanOptions {
  projectType?: 'Commercial' | 'Residential' | 'Industrial' | 'Infrastructure';
  fileName?: string;
  /** Answers to the document's choices (`EstimateDocument.choices`), by key. */
  choices?: EstimateChoiceAnswers;
  /** The user's corrections to the reading (the estimate review). */
  corrections?: EstimateCorrections;
}

/** The role a user gives a line in the review; `ignore`: not an amount of this estimate at all. */
export type CorrectedRole = 'work' | 'allowance' | 'charge' | 'option' | 'exclusion' | 'recap' | 'ignore';

/** What a sheet is, as a whole. */
export type CorrectedSheet = 'ignore' | 'other-model' | 'duplicate';

/**
 * Corrections to how an estimate was read, applied over the reading by the same code wherever it
 * runs (the server's plan, the review's figures in the browser).
 */
export interface EstimateCorrections {
  /** By line number (1-based, `EstimateSourceLine.line`): the line's role and/or trade. */
  lines?: Record<string, { role?: CorrectedRole; trade?: Trade }>;
  /** By sheet name: the whole sheet is ignored, another model, or a repeat. */
  sheets?: Record<string, CorrectedSheet>;
  /** Every line after this one (1-based) is an option, not the base bid (unless a line says otherwise). */
  optionsAfter?: number | null;
  /** The document's total as the user reads it (replaces the totals the reader found as the final figure). */
  statedTotal?: number | null;
}

/**
 * A work package as a language model proposes it (validated by a zod schema in the model analyzer);
 * `planFromProposals` normalises it (trade bounds on durations, costs) and sequences it.
 */
export interface WorkPackageProposal {
  trade: Trade;
  name: string;
  description?: string | null;
  estimatedCost?: number | null;
  quantity?: number | null;
  unit?: string | null;
  durationDays?: number | null;
  materials?: string[];
  specifications?: string[];
  sourceLines?: number[];
}

/** An insight before it is stored (`ai_insights`). */
export interface InsightDraft {
  /** Stable rule name, e.g. `budget-below-estimate`, `long-lead-on-critical-path`, `winter-concrete`, `broken-estimate-total`. */
  code: string;
  type: 'risk' | 'opportunity' | 'recommendation';
  severity: 'high' | 'medium' | 'low';
  title: string;
  description: string;
  impact: string | null;
  recommendation: string | null;
  potentialSavings: number | null;
  /**
   * The plan's tasks the insight is about, by name (an overlap: the one that finishes first, then
   * the one that follows): the same finding of the company-wide rules on those tasks replaces it.
   */
  about?: readonly string[];
}

/** What the insight rules look at: the analysis and the schedule the engine computed for it. */
export interface PlanInsightInput {
  document: EstimateDocument;
  packages: WorkPackage[];
  /** The scheduled packages by key (dates `YYYY-MM-DD`). */
  scheduled: { key: string; startDate: string; endDate: string; isCritical: boolean; totalFloat: number }[];
  /** The project budget, if set. */
  budget: number | null;
  /** The company's US state (two letters) for climate rules, if known. */
  state: string | null;
  projectStartDate: string;
  /** The scheduled finish. */
  finishDate: string;
  /** The project's planned end date, if set. */
  projectEndDate: string | null;
}

/*
 * The functions `src/domain/estimate/index.ts` exports (the contract between the domain and the
 * analyzer providers):
 *   readEstimate(text: string, options?: EstimateToPlanOptions): EstimateDocument
 *   estimateToPlan(text: string, options?: EstimateToPlanOptions): EstimatePlan
 *   planFromProposals(document: EstimateDocument, proposals: WorkPackageProposal[], options?: EstimateToPlanOptions): EstimatePlan
 *   planInsights(input: PlanInsightInput): InsightDraft[]
 */

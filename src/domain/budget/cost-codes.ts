/**
 * Cost codes: the company's chart of job costs. Every company starts from a standard set chosen by
 * the kind of work it does — the NAHB-style residential phases (1000 Preparation … 6000 Completion)
 * for home builders, CSI MasterFormat divisions for everyone else — and may edit it or replace it
 * from a CSV. Each standard code says which trades of an estimate it takes, so a plan's budget
 * lands on codes without anyone sorting its lines by hand.
 */
import type { Trade } from '../estimate/types.js';

export const COST_TYPES = ['labor', 'material', 'equipment', 'subcontract', 'other'] as const;
export type CostType = (typeof COST_TYPES)[number];

/** What a budget line is: work or an allowance of the estimate, or a charge on it (overhead, tax…). */
export const BUDGET_LINE_KINDS = ['work', 'allowance', 'charge'] as const;
export type BudgetLineKind = (typeof BUDGET_LINE_KINDS)[number];

export interface StandardCostCode {
  code: string;
  name: string;
  /** The estimate's trades whose lines this code takes. */
  trades: readonly Trade[];
  /** The code that takes charges (overhead, profit, tax, contingency) and whatever no code claims. */
  takes?: 'charges' | 'unclaimed';
}

export type CostCodeSetName = 'residential' | 'masterformat';

/** NAHB-style residential phases, a phase to each thousand. */
const RESIDENTIAL: readonly StandardCostCode[] = [
  {
    code: '1000',
    name: 'Preparation',
    trades: ['permits', 'general-conditions', 'site-work', 'demolition', 'utilities', 'procurement'],
  },
  { code: '2000', name: 'Excavation and foundation', trades: ['excavation', 'foundation', 'concrete'] },
  {
    code: '3000',
    name: 'Rough structure',
    trades: [
      'masonry',
      'structural-steel',
      'framing',
      'plumbing',
      'electrical',
      'hvac',
      'fire-protection',
      'low-voltage',
      'elevators',
    ],
  },
  {
    code: '4000',
    name: 'Full enclosure',
    trades: ['roofing', 'windows-doors', 'exterior-finishes', 'insulation'],
  },
  {
    code: '5000',
    name: 'Finishing trades',
    trades: [
      'drywall',
      'painting',
      'flooring',
      'tile',
      'cabinets-millwork',
      'countertops',
      'fixtures',
      'specialties',
    ],
  },
  {
    code: '6000',
    name: 'Completion and inspection',
    trades: ['paving', 'landscaping', 'cleanup', 'inspections', 'punch-list', 'closeout'],
  },
  { code: '8000', name: 'Other work', trades: ['other'], takes: 'unclaimed' },
  { code: '9000', name: 'Overhead, fees and contingency', trades: [], takes: 'charges' },
];

/** CSI MasterFormat divisions that building estimates use. */
const MASTERFORMAT: readonly StandardCostCode[] = [
  { code: '00', name: 'Procurement and contracting requirements', trades: [], takes: 'charges' },
  {
    code: '01',
    name: 'General requirements',
    trades: [
      'permits',
      'general-conditions',
      'inspections',
      'cleanup',
      'punch-list',
      'closeout',
      'procurement',
      'other',
    ],
    takes: 'unclaimed',
  },
  { code: '02', name: 'Existing conditions', trades: ['demolition'] },
  { code: '03', name: 'Concrete', trades: ['foundation', 'concrete'] },
  { code: '04', name: 'Masonry', trades: ['masonry'] },
  { code: '05', name: 'Metals', trades: ['structural-steel'] },
  { code: '06', name: 'Wood, plastics and composites', trades: ['framing', 'cabinets-millwork'] },
  {
    code: '07',
    name: 'Thermal and moisture protection',
    trades: ['roofing', 'insulation', 'exterior-finishes'],
  },
  { code: '08', name: 'Openings', trades: ['windows-doors'] },
  { code: '09', name: 'Finishes', trades: ['drywall', 'painting', 'flooring', 'tile'] },
  { code: '10', name: 'Specialties', trades: ['specialties'] },
  { code: '12', name: 'Furnishings', trades: ['countertops'] },
  { code: '14', name: 'Conveying equipment', trades: ['elevators'] },
  { code: '21', name: 'Fire suppression', trades: ['fire-protection'] },
  { code: '22', name: 'Plumbing', trades: ['plumbing', 'fixtures'] },
  { code: '23', name: 'Heating, ventilating and air conditioning', trades: ['hvac'] },
  { code: '26', name: 'Electrical', trades: ['electrical'] },
  { code: '27', name: 'Communications', trades: ['low-voltage'] },
  { code: '31', name: 'Earthwork', trades: ['site-work', 'excavation'] },
  { code: '32', name: 'Exterior improvements', trades: ['paving', 'landscaping'] },
  { code: '33', name: 'Utilities', trades: ['utilities'] },
];

export const STANDARD_COST_CODES: Readonly<Record<CostCodeSetName, readonly StandardCostCode[]>> = {
  residential: RESIDENTIAL,
  masterformat: MASTERFORMAT,
};

/** Home builders work in residential phases; general, commercial and specialty contractors in divisions. */
export function standardSetFor(companyType: string): CostCodeSetName {
  return companyType === 'residential' ? 'residential' : 'masterformat';
}

/** A company's code as the budget needs it: its code, and the trades it takes when it has any. */
export interface CompanyCostCode {
  id: number;
  code: string;
  trades: readonly string[];
  takes: 'charges' | 'unclaimed' | null;
}

/**
 * The code a line of the estimate goes to: a charge to the code that takes charges, work or an
 * allowance to the code that takes its trade, else to the code that takes what no code claims,
 * else (a company whose own codes say neither) to its first code. Null only with no codes at all.
 */
export function costCodeFor(
  codes: readonly CompanyCostCode[],
  line: { kind: BudgetLineKind; trade: string | null },
): CompanyCostCode | null {
  const taking = (what: 'charges' | 'unclaimed') => codes.find((c) => c.takes === what);
  if (line.kind === 'charge') return taking('charges') ?? taking('unclaimed') ?? codes[0] ?? null;
  const trade = line.trade;
  const own = trade ? codes.find((c) => c.trades.includes(trade)) : undefined;
  return own ?? taking('unclaimed') ?? codes[0] ?? null;
}

/**
 * Writes our own test estimates, in the formats US contractors send, to tests/fixtures/estimates/
 * (the outputs are committed, so tests never need to run this):
 *
 *     node --import tsx scripts/make-test-estimates.ts
 *
 * - residential-kitchen-bath-remodel.pdf   text-layer PDF (pdf-lib), trade sections
 * - residential-kitchen-bath-remodel-scan.png   the same estimate as a slightly rotated, greyed
 *                                               "phone scan" (Chromium screenshot of an HTML rendering)
 * - scanned-estimate-page.pdf             an image-only PDF page (the first part of that scan)
 * - new-home-2400sf.pdf                   a 2,400 sf new single-family home, CSI divisions, 2+ pages
 * - office-fit-out-ti.xlsx / .csv         a commercial tenant improvement, CSI divisions 01–26
 *                                         (xlsx with formulas and cached values, merged title cells)
 * - bathroom-remodel.docx                 a bathroom remodel with a table of line items
 * - bathroom-remodel.doc                  the same as a Word 97-2003 file (minimal: text only)
 * - invalid/…                             an encrypted PDF and a zip that is not a workbook
 * - expected.json                         per document: facts, trades, section subtotals and totals
 *
 * Every amount is computed here in cents, so items add up to their section subtotals and the
 * totals printed in each document; expected.json holds the same figures.
 *
 * `makeLargePdfEstimate(pages)` builds a text PDF estimate of about that many pages (for benchmarks).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import {
  AlignmentType,
  BorderStyle,
  Document,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import ExcelJS from 'exceljs';
import { PDFDocument, type PDFFont, PDFName, type PDFPage, PDFString, rgb, StandardFonts } from 'pdf-lib';
import { chromium } from 'playwright-core';

// ---------------------------------------------------------------------------------------------
// The estimates as data

/** Trades as the domain names them (src/domain/estimate/types.ts `TRADES`). */
type Trade =
  | 'permits'
  | 'general-conditions'
  | 'site-work'
  | 'demolition'
  | 'excavation'
  | 'foundation'
  | 'concrete'
  | 'masonry'
  | 'structural-steel'
  | 'framing'
  | 'roofing'
  | 'windows-doors'
  | 'exterior-finishes'
  | 'plumbing'
  | 'electrical'
  | 'hvac'
  | 'fire-protection'
  | 'low-voltage'
  | 'insulation'
  | 'drywall'
  | 'painting'
  | 'flooring'
  | 'tile'
  | 'cabinets-millwork'
  | 'countertops'
  | 'fixtures'
  | 'specialties'
  | 'paving'
  | 'landscaping'
  | 'cleanup'
  | 'punch-list';

export interface LineItem {
  code?: string;
  description: string;
  qty: number;
  unit: string;
  /** Dollars with at most two decimals. */
  unitCost: number;
  trade: Trade;
}

export interface Section {
  /** CSI division number (`09`) when the estimate is organised by division. */
  division?: string;
  heading: string;
  items: LineItem[];
}

export interface Markup {
  label: string;
  kind: 'contingency' | 'tax' | 'fee';
  /** Percent of `base` (cents), printed in the label. */
  percent: number;
  base: 'work' | 'materials' | 'work+allowances';
  /** For a tax on materials: the materials value the percentage applies to (dollars). */
  materialsBase?: number;
}

export interface EstimateSpec {
  id: string;
  company: { name: string; lines: string[] };
  title: string;
  estimateNo: string;
  date: string;
  /** ISO form of `date`. */
  isoDate: string;
  client: string;
  address: string;
  sections: Section[];
  allowances: LineItem[];
  markups: Markup[];
  notes: string[];
}

const cents = (dollars: number) => Math.round(dollars * 100);
export const itemCents = (i: LineItem) => Math.round(i.qty * cents(i.unitCost));
const sumCents = (items: readonly LineItem[]) => items.reduce((s, i) => s + itemCents(i), 0);

export interface Totals {
  sections: { heading: string; division?: string; subtotal: number }[];
  work: number;
  allowances: number;
  markups: { label: string; kind: Markup['kind']; amount: number }[];
  grandTotal: number;
}

/** All figures in cents. */
export function totalsOf(spec: EstimateSpec): Totals {
  const sections = spec.sections.map((s) => ({
    heading: s.heading,
    ...(s.division ? { division: s.division } : {}),
    subtotal: sumCents(s.items),
  }));
  const work = sections.reduce((s, x) => s + x.subtotal, 0);
  const allowances = sumCents(spec.allowances);
  const markups = spec.markups.map((m) => {
    const base =
      m.base === 'work'
        ? work
        : m.base === 'work+allowances'
          ? work + allowances
          : cents(m.materialsBase ?? 0);
    return { label: m.label, kind: m.kind, amount: Math.round((base * m.percent) / 100) };
  });
  return {
    sections,
    work,
    allowances,
    markups,
    grandTotal: work + allowances + markups.reduce((s, m) => s + m.amount, 0),
  };
}

/** `$1,234.56`-style money without the sign (`1,234.56`). */
export function money(c: number): string {
  const neg = c < 0;
  const abs = Math.abs(c);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${neg ? '-' : ''}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

const qtyText = (q: number) => q.toLocaleString('en-US', { maximumFractionDigits: 2 });

const REMODEL: EstimateSpec = {
  id: 'residential-kitchen-bath-remodel',
  company: {
    name: 'Summit Ridge Builders, LLC',
    lines: ['4120 Industrial Pkwy, Suite B, Columbus, OH 43228', '(614) 555-0142  |  OH Lic. RC-48213'],
  },
  title: 'Kitchen and Hall Bath Remodel',
  estimateNo: '2025-0412',
  date: 'March 14, 2025',
  isoDate: '2025-03-14',
  client: 'Daniel & Priya Whitaker',
  address: '2218 Larchmont Ave, Upper Arlington, OH 43221',
  sections: [
    {
      heading: 'General Conditions & Permits',
      items: [
        {
          description: 'Building permit and plan review',
          qty: 1,
          unit: 'LS',
          unitCost: 1250,
          trade: 'permits',
        },
        {
          description: 'Dumpster rental, 20 yd (2 pulls)',
          qty: 2,
          unit: 'EA',
          unitCost: 525,
          trade: 'general-conditions',
        },
        {
          description: 'Floor and dust protection',
          qty: 1,
          unit: 'LS',
          unitCost: 380,
          trade: 'general-conditions',
        },
      ],
    },
    {
      heading: 'Demolition',
      items: [
        {
          description: 'Remove kitchen cabinets, counters and appliances',
          qty: 1,
          unit: 'LS',
          unitCost: 1850,
          trade: 'demolition',
        },
        {
          description: 'Remove bath tile, tub and vanity',
          qty: 1,
          unit: 'LS',
          unitCost: 1200,
          trade: 'demolition',
        },
        { description: 'Remove kitchen flooring', qty: 220, unit: 'SF', unitCost: 2.25, trade: 'demolition' },
      ],
    },
    {
      heading: 'Framing & Carpentry',
      items: [
        {
          description: 'Frame new pantry wall and header',
          qty: 1,
          unit: 'LS',
          unitCost: 1450,
          trade: 'framing',
        },
        {
          description: 'Blocking for cabinets and grab bars',
          qty: 1,
          unit: 'LS',
          unitCost: 320,
          trade: 'framing',
        },
      ],
    },
    {
      heading: 'Plumbing',
      items: [
        {
          description: 'Rough-in plumbing, kitchen sink and dishwasher',
          qty: 1,
          unit: 'LS',
          unitCost: 2400,
          trade: 'plumbing',
        },
        {
          description: 'Rough-in plumbing, bath shower valve, vanity, WC',
          qty: 1,
          unit: 'LS',
          unitCost: 3100,
          trade: 'plumbing',
        },
        {
          description: 'Set plumbing fixtures and final connections',
          qty: 1,
          unit: 'LS',
          unitCost: 950,
          trade: 'plumbing',
        },
      ],
    },
    {
      heading: 'Electrical',
      items: [
        {
          description: 'Kitchen circuits and GFCI receptacles',
          qty: 8,
          unit: 'EA',
          unitCost: 165,
          trade: 'electrical',
        },
        { description: 'Recessed LED can lights', qty: 10, unit: 'EA', unitCost: 145, trade: 'electrical' },
        { description: 'Under-cabinet LED lighting', qty: 1, unit: 'LS', unitCost: 680, trade: 'electrical' },
        {
          description: 'Bath exhaust fan with timer switch',
          qty: 1,
          unit: 'EA',
          unitCost: 425,
          trade: 'electrical',
        },
      ],
    },
    {
      heading: 'HVAC',
      items: [
        {
          description: 'Relocate supply register and duct',
          qty: 1,
          unit: 'LS',
          unitCost: 650,
          trade: 'hvac',
        },
        { description: 'Range hood duct to exterior', qty: 1, unit: 'LS', unitCost: 540, trade: 'hvac' },
      ],
    },
    {
      heading: 'Insulation & Drywall',
      items: [
        {
          description: 'Insulate exterior walls, R-13 batts',
          qty: 180,
          unit: 'SF',
          unitCost: 1.35,
          trade: 'insulation',
        },
        {
          description: 'Hang, tape and finish drywall',
          qty: 640,
          unit: 'SF',
          unitCost: 2.85,
          trade: 'drywall',
        },
        {
          description: 'Cement board at shower walls',
          qty: 96,
          unit: 'SF',
          unitCost: 4.1,
          trade: 'drywall',
        },
      ],
    },
    {
      heading: 'Cabinets & Countertops',
      items: [
        {
          description: 'Semi-custom kitchen cabinets, installed',
          qty: 24,
          unit: 'LF',
          unitCost: 385,
          trade: 'cabinets-millwork',
        },
        {
          description: 'Quartz countertops, fabricated and installed',
          qty: 58,
          unit: 'SF',
          unitCost: 78,
          trade: 'countertops',
        },
        {
          description: 'Bath vanity 36 in. with top',
          qty: 1,
          unit: 'EA',
          unitCost: 1150,
          trade: 'cabinets-millwork',
        },
      ],
    },
    {
      heading: 'Tile',
      items: [
        {
          description: 'Shower wall tile, porcelain 12x24',
          qty: 96,
          unit: 'SF',
          unitCost: 16.5,
          trade: 'tile',
        },
        {
          description: 'Bath floor tile with waterproofing',
          qty: 45,
          unit: 'SF',
          unitCost: 14,
          trade: 'tile',
        },
        { description: 'Kitchen backsplash tile', qty: 32, unit: 'SF', unitCost: 22, trade: 'tile' },
      ],
    },
    {
      heading: 'Flooring',
      items: [
        {
          description: 'Luxury vinyl plank, kitchen and dining',
          qty: 220,
          unit: 'SF',
          unitCost: 7.25,
          trade: 'flooring',
        },
      ],
    },
    {
      heading: 'Painting',
      items: [
        {
          description: 'Paint walls and ceilings, 2 coats',
          qty: 760,
          unit: 'SF',
          unitCost: 1.95,
          trade: 'painting',
        },
        { description: 'Paint trim and doors', qty: 1, unit: 'LS', unitCost: 475, trade: 'painting' },
      ],
    },
    {
      heading: 'Fixtures & Appliances',
      items: [
        {
          description: 'Install appliances (range, dishwasher, hood, refrigerator)',
          qty: 1,
          unit: 'LS',
          unitCost: 450,
          trade: 'fixtures',
        },
        {
          description: 'Bath accessories, mirror and glass shower door',
          qty: 1,
          unit: 'LS',
          unitCost: 1280,
          trade: 'fixtures',
        },
      ],
    },
    {
      heading: 'Cleanup & Punch List',
      items: [
        { description: 'Final construction cleaning', qty: 1, unit: 'LS', unitCost: 450, trade: 'cleanup' },
        {
          description: 'Punch list and owner walkthrough',
          qty: 1,
          unit: 'LS',
          unitCost: 300,
          trade: 'punch-list',
        },
      ],
    },
  ],
  allowances: [
    {
      description: 'Appliance allowance (owner selection)',
      qty: 1,
      unit: 'AL',
      unitCost: 6500,
      trade: 'fixtures',
    },
    { description: 'Plumbing fixture allowance', qty: 1, unit: 'AL', unitCost: 2200, trade: 'plumbing' },
    { description: 'Lighting fixture allowance', qty: 1, unit: 'AL', unitCost: 900, trade: 'electrical' },
  ],
  markups: [
    { label: 'Contingency (5%)', kind: 'contingency', percent: 5, base: 'work' },
    {
      label: 'Sales tax on materials (7.5% of $18,400.00)',
      kind: 'tax',
      percent: 7.5,
      base: 'materials',
      materialsBase: 18400,
    },
  ],
  notes: [
    'Estimate valid for 30 days. Allowances are budget amounts; final cost follows owner selections.',
    'Excludes asbestos or mold abatement and structural changes not shown.',
  ],
};

const NEW_HOME: EstimateSpec = {
  id: 'new-home-2400sf',
  company: {
    name: 'Prairie Oak Homes, Inc.',
    lines: ['780 Commerce Dr, Lawrence, KS 66049', '(785) 555-0190  |  estimating@prairieoakhomes.example'],
  },
  title: 'New Single-Family Residence, 2,400 SF, 2-Story with Attached Garage',
  estimateNo: 'PO-24-118',
  date: 'September 9, 2025',
  isoDate: '2025-09-09',
  client: 'Marcus and Elena Reyes',
  address: 'Lot 14, 3907 Wildflower Ct, Lawrence, KS 66047',
  sections: [
    {
      division: '01',
      heading: 'General Requirements',
      items: [
        {
          code: '01 41 00',
          description: 'Building permit, plan review and impact fees',
          qty: 1,
          unit: 'LS',
          unitCost: 8500,
          trade: 'permits',
        },
        {
          code: '01 71 23',
          description: 'Survey and construction staking',
          qty: 1,
          unit: 'LS',
          unitCost: 1850,
          trade: 'site-work',
        },
        {
          code: '01 51 00',
          description: 'Temporary power, water and toilet',
          qty: 7,
          unit: 'MO',
          unitCost: 385,
          trade: 'general-conditions',
        },
        {
          code: '01 31 00',
          description: 'Project supervision',
          qty: 7,
          unit: 'MO',
          unitCost: 3200,
          trade: 'general-conditions',
        },
        {
          code: '01 74 00',
          description: 'Dumpsters and construction waste hauling',
          qty: 6,
          unit: 'EA',
          unitCost: 575,
          trade: 'cleanup',
        },
      ],
    },
    {
      division: '31',
      heading: 'Earthwork',
      items: [
        {
          code: '31 11 00',
          description: 'Clearing and grubbing',
          qty: 0.5,
          unit: 'AC',
          unitCost: 6800,
          trade: 'site-work',
        },
        {
          code: '31 23 16',
          description: 'Excavation and backfill for basement',
          qty: 420,
          unit: 'CY',
          unitCost: 18.5,
          trade: 'excavation',
        },
        {
          code: '31 23 23',
          description: 'Foundation drain tile and gravel',
          qty: 210,
          unit: 'LF',
          unitCost: 14,
          trade: 'excavation',
        },
      ],
    },
    {
      division: '03',
      heading: 'Concrete',
      items: [
        {
          code: '03 31 10',
          description: 'Concrete footings, 20x10 with rebar',
          qty: 32,
          unit: 'CY',
          unitCost: 285,
          trade: 'foundation',
        },
        {
          code: '03 31 20',
          description: 'Poured foundation walls, 8 in.',
          qty: 58,
          unit: 'CY',
          unitCost: 310,
          trade: 'foundation',
        },
        {
          code: '03 31 30',
          description: 'Basement slab, 4 in. on vapor barrier',
          qty: 1200,
          unit: 'SF',
          unitCost: 6.75,
          trade: 'concrete',
        },
        {
          code: '03 31 40',
          description: 'Garage slab, 4 in. with thickened edge',
          qty: 576,
          unit: 'SF',
          unitCost: 6.25,
          trade: 'concrete',
        },
      ],
    },
    {
      division: '06',
      heading: 'Wood, Plastics & Framing',
      items: [
        {
          code: '06 11 00',
          description: 'Framing lumber and sheathing package',
          qty: 1,
          unit: 'LS',
          unitCost: 48500,
          trade: 'framing',
        },
        {
          code: '06 11 10',
          description: 'Framing labor',
          qty: 2400,
          unit: 'SF',
          unitCost: 9.25,
          trade: 'framing',
        },
        {
          code: '06 17 53',
          description: 'Engineered roof trusses, delivered and set',
          qty: 1,
          unit: 'LS',
          unitCost: 14200,
          trade: 'framing',
        },
        {
          code: '06 20 00',
          description: 'Interior trim and stair finish carpentry',
          qty: 2400,
          unit: 'SF',
          unitCost: 3.4,
          trade: 'cabinets-millwork',
        },
      ],
    },
    {
      division: '07',
      heading: 'Thermal & Moisture Protection',
      items: [
        {
          code: '07 31 13',
          description: 'Architectural asphalt shingle roofing',
          qty: 28,
          unit: 'SQ',
          unitCost: 465,
          trade: 'roofing',
        },
        {
          code: '07 25 00',
          description: 'House wrap and window flashing',
          qty: 1,
          unit: 'LS',
          unitCost: 2150,
          trade: 'exterior-finishes',
        },
        {
          code: '07 46 46',
          description: 'Fiber cement lap siding and trim',
          qty: 2650,
          unit: 'SF',
          unitCost: 8.75,
          trade: 'exterior-finishes',
        },
        {
          code: '07 21 00',
          description: 'Insulation, R-21 walls and R-49 attic',
          qty: 2400,
          unit: 'SF',
          unitCost: 2.4,
          trade: 'insulation',
        },
        {
          code: '07 71 00',
          description: 'Gutters and downspouts',
          qty: 190,
          unit: 'LF',
          unitCost: 11.5,
          trade: 'roofing',
        },
      ],
    },
    {
      division: '08',
      heading: 'Openings',
      items: [
        {
          code: '08 53 13',
          description: 'Vinyl double-hung windows',
          qty: 18,
          unit: 'EA',
          unitCost: 685,
          trade: 'windows-doors',
        },
        {
          code: '08 14 00',
          description: 'Exterior entry and patio doors',
          qty: 3,
          unit: 'EA',
          unitCost: 1450,
          trade: 'windows-doors',
        },
        {
          code: '08 36 13',
          description: 'Insulated garage door 16x7 with opener',
          qty: 1,
          unit: 'EA',
          unitCost: 2350,
          trade: 'windows-doors',
        },
        {
          code: '08 14 16',
          description: 'Interior doors, pre-hung, with hardware',
          qty: 14,
          unit: 'EA',
          unitCost: 285,
          trade: 'windows-doors',
        },
      ],
    },
    {
      division: '09',
      heading: 'Finishes',
      items: [
        {
          code: '09 29 00',
          description: 'Drywall hang, tape and finish',
          qty: 9200,
          unit: 'SF',
          unitCost: 2.1,
          trade: 'drywall',
        },
        {
          code: '09 91 23',
          description: 'Interior painting, walls, ceilings and trim',
          qty: 2400,
          unit: 'SF',
          unitCost: 3.25,
          trade: 'painting',
        },
        {
          code: '09 64 00',
          description: 'Engineered hardwood flooring',
          qty: 1150,
          unit: 'SF',
          unitCost: 11.5,
          trade: 'flooring',
        },
        {
          code: '09 68 00',
          description: 'Carpet and pad, bedrooms',
          qty: 780,
          unit: 'SF',
          unitCost: 4.75,
          trade: 'flooring',
        },
        {
          code: '09 30 00',
          description: 'Ceramic tile, baths and laundry',
          qty: 420,
          unit: 'SF',
          unitCost: 15.5,
          trade: 'tile',
        },
      ],
    },
    {
      division: '12',
      heading: 'Furnishings',
      items: [
        {
          code: '12 35 30',
          description: 'Kitchen and bath cabinets',
          qty: 1,
          unit: 'LS',
          unitCost: 18500,
          trade: 'cabinets-millwork',
        },
        {
          code: '12 36 61',
          description: 'Quartz countertops',
          qty: 72,
          unit: 'SF',
          unitCost: 75,
          trade: 'countertops',
        },
      ],
    },
    {
      division: '22',
      heading: 'Plumbing',
      items: [
        {
          code: '22 11 00',
          description: 'Plumbing rough-in, water and DWV',
          qty: 1,
          unit: 'LS',
          unitCost: 14800,
          trade: 'plumbing',
        },
        {
          code: '22 33 00',
          description: 'Water heater, 50 gal gas',
          qty: 1,
          unit: 'EA',
          unitCost: 2150,
          trade: 'plumbing',
        },
        {
          code: '22 40 00',
          description: 'Set plumbing fixtures and trim',
          qty: 1,
          unit: 'LS',
          unitCost: 4600,
          trade: 'fixtures',
        },
      ],
    },
    {
      division: '23',
      heading: 'HVAC',
      items: [
        {
          code: '23 54 00',
          description: 'Gas furnace and 3-ton AC condenser',
          qty: 1,
          unit: 'LS',
          unitCost: 16400,
          trade: 'hvac',
        },
        {
          code: '23 31 00',
          description: 'Ductwork, registers and returns',
          qty: 1,
          unit: 'LS',
          unitCost: 7800,
          trade: 'hvac',
        },
      ],
    },
    {
      division: '26',
      heading: 'Electrical',
      items: [
        {
          code: '26 24 16',
          description: '200 A service and panel',
          qty: 1,
          unit: 'LS',
          unitCost: 3200,
          trade: 'electrical',
        },
        {
          code: '26 05 00',
          description: 'Electrical rough-in and trim',
          qty: 2400,
          unit: 'SF',
          unitCost: 5.25,
          trade: 'electrical',
        },
        {
          code: '26 51 00',
          description: 'Install light fixtures',
          qty: 1,
          unit: 'LS',
          unitCost: 2400,
          trade: 'electrical',
        },
      ],
    },
    {
      division: '32',
      heading: 'Exterior Improvements',
      items: [
        {
          code: '32 13 13',
          description: 'Concrete driveway and front walk',
          qty: 1100,
          unit: 'SF',
          unitCost: 8.5,
          trade: 'paving',
        },
        {
          code: '32 90 00',
          description: 'Final grading, sod and landscaping',
          qty: 1,
          unit: 'LS',
          unitCost: 6500,
          trade: 'landscaping',
        },
      ],
    },
    {
      division: '01',
      heading: 'Closeout',
      items: [
        {
          code: '01 74 23',
          description: 'Final cleaning',
          qty: 1,
          unit: 'LS',
          unitCost: 1200,
          trade: 'cleanup',
        },
        {
          code: '01 77 00',
          description: 'Punch list and homeowner orientation',
          qty: 1,
          unit: 'LS',
          unitCost: 900,
          trade: 'punch-list',
        },
      ],
    },
  ],
  allowances: [
    {
      description: 'Light fixture allowance',
      qty: 1,
      unit: 'AL',
      unitCost: 3500,
      trade: 'electrical',
    },
    { description: 'Appliance allowance', qty: 1, unit: 'AL', unitCost: 7500, trade: 'fixtures' },
  ],
  markups: [{ label: 'Contingency (3%)', kind: 'contingency', percent: 3, base: 'work' }],
  notes: [
    'Pricing based on plans dated 08/22/2025. Lot assumed buildable; rock excavation excluded.',
    'Allowances are budget amounts; the final cost follows the owner selections.',
  ],
};

const OFFICE_TI: EstimateSpec = {
  id: 'office-fit-out-ti',
  company: {
    name: 'Keystone Interiors Group',
    lines: ['1500 Market St, Floor 12, Philadelphia, PA 19102', '(215) 555-0177'],
  },
  title: 'Office Tenant Improvement, Suite 300 (12,500 RSF)',
  estimateNo: 'KIG-25-0311',
  date: 'June 2, 2025',
  isoDate: '2025-06-02',
  client: 'Brightline Analytics, Inc.',
  address: '2300 Chestnut St, Suite 300, Philadelphia, PA 19103',
  sections: [
    {
      division: '01',
      heading: 'General Requirements',
      items: [
        {
          code: '01 41 26',
          description: 'Building permit and fees',
          qty: 1,
          unit: 'LS',
          unitCost: 9800,
          trade: 'permits',
        },
        {
          code: '01 31 13',
          description: 'Project management and superintendent',
          qty: 12,
          unit: 'WK',
          unitCost: 3650,
          trade: 'general-conditions',
        },
        {
          code: '01 56 00',
          description: 'Temporary protection, barriers and signage',
          qty: 1,
          unit: 'LS',
          unitCost: 4200,
          trade: 'general-conditions',
        },
      ],
    },
    {
      division: '02',
      heading: 'Existing Conditions',
      items: [
        {
          code: '02 41 19',
          description: 'Selective demolition of partitions, ceilings and flooring',
          qty: 12500,
          unit: 'SF',
          unitCost: 2.35,
          trade: 'demolition',
        },
      ],
    },
    {
      division: '03',
      heading: 'Concrete',
      items: [
        {
          code: '03 01 30',
          description: 'Floor patching and leveling',
          qty: 1,
          unit: 'LS',
          unitCost: 6400,
          trade: 'concrete',
        },
      ],
    },
    {
      division: '05',
      heading: 'Metals',
      items: [
        {
          code: '05 50 00',
          description: 'Miscellaneous steel supports for millwork and TV walls',
          qty: 1,
          unit: 'LS',
          unitCost: 5600,
          trade: 'structural-steel',
        },
      ],
    },
    {
      division: '06',
      heading: 'Wood, Plastics & Composites',
      items: [
        {
          code: '06 10 53',
          description: 'Wood blocking and backing',
          qty: 1,
          unit: 'LS',
          unitCost: 3800,
          trade: 'framing',
        },
        {
          code: '06 41 00',
          description: 'Architectural casework, break room and reception',
          qty: 68,
          unit: 'LF',
          unitCost: 425,
          trade: 'cabinets-millwork',
        },
        {
          code: '06 61 16',
          description: 'Solid surface countertops',
          qty: 95,
          unit: 'SF',
          unitCost: 68,
          trade: 'countertops',
        },
      ],
    },
    {
      division: '07',
      heading: 'Thermal & Moisture Protection',
      items: [
        {
          code: '07 21 16',
          description: 'Acoustic batt insulation in partitions',
          qty: 8600,
          unit: 'SF',
          unitCost: 1.15,
          trade: 'insulation',
        },
        {
          code: '07 84 00',
          description: 'Firestopping at rated penetrations',
          qty: 1,
          unit: 'LS',
          unitCost: 2900,
          trade: 'insulation',
        },
      ],
    },
    {
      division: '08',
      heading: 'Openings',
      items: [
        {
          code: '08 11 13',
          description: 'Hollow metal frames, wood doors, hardware',
          qty: 34,
          unit: 'EA',
          unitCost: 1650,
          trade: 'windows-doors',
        },
        {
          code: '08 41 13',
          description: 'Glass storefront entry and sidelites',
          qty: 1,
          unit: 'LS',
          unitCost: 18500,
          trade: 'windows-doors',
        },
        {
          code: '08 80 00',
          description: 'Interior glazing, conference rooms',
          qty: 640,
          unit: 'SF',
          unitCost: 62,
          trade: 'windows-doors',
        },
      ],
    },
    {
      division: '09',
      heading: 'Finishes',
      items: [
        {
          code: '09 22 16',
          description: 'Metal stud partitions, drywall, taped and finished',
          qty: 8600,
          unit: 'SF',
          unitCost: 9.5,
          trade: 'drywall',
        },
        {
          code: '09 51 13',
          description: 'Acoustical ceiling tile and grid, 2x2',
          qty: 11200,
          unit: 'SF',
          unitCost: 5.85,
          trade: 'drywall',
        },
        {
          code: '09 68 13',
          description: 'Carpet tile',
          qty: 1050,
          unit: 'SY',
          unitCost: 42,
          trade: 'flooring',
        },
        {
          code: '09 65 19',
          description: 'Luxury vinyl tile, break room and corridors',
          qty: 2100,
          unit: 'SF',
          unitCost: 6.75,
          trade: 'flooring',
        },
        {
          code: '09 30 13',
          description: 'Porcelain tile, restrooms',
          qty: 480,
          unit: 'SF',
          unitCost: 18,
          trade: 'tile',
        },
        {
          code: '09 91 23',
          description: 'Interior painting, walls and doors',
          qty: 21000,
          unit: 'SF',
          unitCost: 1.1,
          trade: 'painting',
        },
      ],
    },
    {
      division: '10',
      heading: 'Specialties',
      items: [
        {
          code: '10 28 13',
          description: 'Toilet accessories and partitions',
          qty: 1,
          unit: 'LS',
          unitCost: 7400,
          trade: 'specialties',
        },
        {
          code: '10 14 00',
          description: 'Room signage, ADA',
          qty: 42,
          unit: 'EA',
          unitCost: 95,
          trade: 'specialties',
        },
      ],
    },
    {
      division: '12',
      heading: 'Furnishings',
      items: [
        {
          code: '12 24 13',
          description: 'Roller window shades',
          qty: 56,
          unit: 'EA',
          unitCost: 310,
          trade: 'specialties',
        },
      ],
    },
    {
      division: '21',
      heading: 'Fire Suppression',
      items: [
        {
          code: '21 13 13',
          description: 'Relocate and add sprinkler heads',
          qty: 85,
          unit: 'EA',
          unitCost: 285,
          trade: 'fire-protection',
        },
      ],
    },
    {
      division: '22',
      heading: 'Plumbing',
      items: [
        {
          code: '22 11 16',
          description: 'Domestic water and waste piping, break room and restrooms',
          qty: 1,
          unit: 'LS',
          unitCost: 24500,
          trade: 'plumbing',
        },
        {
          code: '22 42 00',
          description: 'Plumbing fixtures, set and connected',
          qty: 14,
          unit: 'EA',
          unitCost: 1150,
          trade: 'fixtures',
        },
      ],
    },
    {
      division: '23',
      heading: 'HVAC',
      items: [
        {
          code: '23 37 13',
          description: 'VAV boxes, diffusers and ductwork modifications',
          qty: 12500,
          unit: 'SF',
          unitCost: 8.5,
          trade: 'hvac',
        },
        {
          code: '23 09 23',
          description: 'Controls, test and balance',
          qty: 1,
          unit: 'LS',
          unitCost: 14500,
          trade: 'hvac',
        },
      ],
    },
    {
      division: '26',
      heading: 'Electrical',
      items: [
        {
          code: '26 05 19',
          description: 'Power, branch circuits and devices',
          qty: 12500,
          unit: 'SF',
          unitCost: 7.25,
          trade: 'electrical',
        },
        {
          code: '26 51 13',
          description: 'LED lighting fixtures and controls',
          qty: 12500,
          unit: 'SF',
          unitCost: 6.4,
          trade: 'electrical',
        },
        {
          code: '26 05 53',
          description: 'Fire alarm devices, relocate and add',
          qty: 1,
          unit: 'LS',
          unitCost: 16800,
          trade: 'fire-protection',
        },
        {
          code: '26 05 40',
          description: 'Data cabling rough-in (conduit and boxes)',
          qty: 180,
          unit: 'EA',
          unitCost: 95,
          trade: 'low-voltage',
        },
      ],
    },
  ],
  allowances: [
    {
      description: 'Allowance: tenant signage at reception',
      qty: 1,
      unit: 'AL',
      unitCost: 6000,
      trade: 'specialties',
    },
  ],
  markups: [
    { label: 'Contractor fee (4.5%)', kind: 'fee', percent: 4.5, base: 'work' },
    { label: 'Contingency (5%)', kind: 'contingency', percent: 5, base: 'work' },
  ],
  notes: [
    'Based on test fit drawings dated 05/12/2025.',
    'Excludes furniture, IT equipment, security systems and after-hours work premiums.',
    'Work performed during normal business hours; building rules apply.',
  ],
};

const BATHROOM: EstimateSpec = {
  id: 'bathroom-remodel',
  company: {
    name: 'Bayside Bath & Tile Co.',
    lines: ['52 Harbor View Rd, Tampa, FL 33602', '(813) 555-0163  |  FL CBC1264455'],
  },
  title: 'Primary Bathroom Remodel',
  estimateNo: 'BBT-1187',
  date: 'April 28, 2025',
  isoDate: '2025-04-28',
  client: 'Janet Holloway',
  address: '1411 Palmetto Way, Tampa, FL 33611',
  sections: [
    {
      heading: 'Permits & Protection',
      items: [
        { description: 'Permit and inspections', qty: 1, unit: 'LS', unitCost: 650, trade: 'permits' },
        {
          description: 'Floor protection and dust barrier',
          qty: 1,
          unit: 'LS',
          unitCost: 275,
          trade: 'general-conditions',
        },
      ],
    },
    {
      heading: 'Demolition',
      items: [
        {
          description: 'Demo tub, tile, vanity and toilet; haul away',
          qty: 1,
          unit: 'LS',
          unitCost: 1650,
          trade: 'demolition',
        },
      ],
    },
    {
      heading: 'Plumbing',
      items: [
        {
          description: 'Convert tub to walk-in shower, new valve and drain',
          qty: 1,
          unit: 'LS',
          unitCost: 2850,
          trade: 'plumbing',
        },
        {
          description: 'Relocate vanity supply and waste lines',
          qty: 1,
          unit: 'LS',
          unitCost: 780,
          trade: 'plumbing',
        },
      ],
    },
    {
      heading: 'Electrical',
      items: [
        {
          description: 'GFCI receptacles and vanity light circuit',
          qty: 3,
          unit: 'EA',
          unitCost: 185,
          trade: 'electrical',
        },
        {
          description: 'Exhaust fan, 110 CFM, vented to exterior',
          qty: 1,
          unit: 'EA',
          unitCost: 465,
          trade: 'electrical',
        },
      ],
    },
    {
      heading: 'Walls & Waterproofing',
      items: [
        {
          description: 'Cement board and liquid waterproofing membrane',
          qty: 120,
          unit: 'SF',
          unitCost: 6.5,
          trade: 'drywall',
        },
        {
          description: 'Drywall patch and finish',
          qty: 1,
          unit: 'LS',
          unitCost: 540,
          trade: 'drywall',
        },
      ],
    },
    {
      heading: 'Tile',
      items: [
        {
          description: 'Shower walls, porcelain tile',
          qty: 120,
          unit: 'SF',
          unitCost: 18,
          trade: 'tile',
        },
        {
          description: 'Shower pan and bathroom floor tile',
          qty: 70,
          unit: 'SF',
          unitCost: 16,
          trade: 'tile',
        },
      ],
    },
    {
      heading: 'Cabinets, Tops & Fixtures',
      items: [
        {
          description: 'Double vanity, 60 in., installed',
          qty: 1,
          unit: 'EA',
          unitCost: 1850,
          trade: 'cabinets-millwork',
        },
        {
          description: 'Quartz vanity top with undermount sinks',
          qty: 1,
          unit: 'EA',
          unitCost: 1120,
          trade: 'countertops',
        },
        {
          description: 'Frameless glass shower enclosure',
          qty: 1,
          unit: 'EA',
          unitCost: 2400,
          trade: 'fixtures',
        },
        {
          description: 'Set toilet, faucets, mirror and accessories',
          qty: 1,
          unit: 'LS',
          unitCost: 690,
          trade: 'fixtures',
        },
      ],
    },
    {
      heading: 'Painting & Cleanup',
      items: [
        {
          description: 'Paint walls, ceiling and door',
          qty: 1,
          unit: 'LS',
          unitCost: 620,
          trade: 'painting',
        },
        { description: 'Final cleaning', qty: 1, unit: 'LS', unitCost: 225, trade: 'cleanup' },
      ],
    },
  ],
  allowances: [
    {
      description: 'Plumbing fixture allowance (owner selection)',
      qty: 1,
      unit: 'AL',
      unitCost: 1500,
      trade: 'plumbing',
    },
  ],
  markups: [
    { label: 'Contingency (5%)', kind: 'contingency', percent: 5, base: 'work' },
    {
      label: 'Sales tax on materials (7% of $6,200.00)',
      kind: 'tax',
      percent: 7,
      base: 'materials',
      materialsBase: 6200,
    },
  ],
  notes: [
    'Payment: 30% deposit, 40% at tile start, 30% at completion.',
    'Allowances are budget amounts; the final cost follows the owner selections.',
  ],
};

export const ESTIMATES = { REMODEL, NEW_HOME, OFFICE_TI, BATHROOM } as const;

// ---------------------------------------------------------------------------------------------
// PDF (text layer)

const LETTER = { width: 612, height: 792 } as const;
const MARGIN = 40;
const COL = { desc: MARGIN, qtyRight: 372, unit: 384, unitCostRight: 478, amountRight: 572 } as const;

interface PdfWriter {
  doc: PDFDocument;
  font: PDFFont;
  bold: PDFFont;
  page: PDFPage;
  y: number;
  pages: PDFPage[];
}

function text(
  w: PdfWriter,
  s: string,
  x: number,
  opts: { size?: number; bold?: boolean; right?: boolean } = {},
) {
  const size = opts.size ?? 9;
  const font = opts.bold ? w.bold : w.font;
  const width = font.widthOfTextAtSize(s, size);
  w.page.drawText(s, { x: opts.right ? x - width : x, y: w.y, size, font, color: rgb(0.1, 0.1, 0.1) });
}

function rule(w: PdfWriter, y = w.y + 10) {
  w.page.drawLine({
    start: { x: MARGIN, y },
    end: { x: LETTER.width - MARGIN, y },
    thickness: 0.5,
    color: rgb(0.55, 0.55, 0.55),
  });
}

function tableHeader(w: PdfWriter, withCode: boolean) {
  text(w, withCode ? 'Code        Description' : 'Description', COL.desc, { bold: true });
  text(w, 'Qty', COL.qtyRight, { bold: true, right: true });
  text(w, 'Unit', COL.unit, { bold: true });
  text(w, 'Unit Cost', COL.unitCostRight, { bold: true, right: true });
  text(w, 'Amount', COL.amountRight, { bold: true, right: true });
  w.y -= 4;
  rule(w, w.y);
  w.y -= 12;
}

function newPage(w: PdfWriter, spec: EstimateSpec, withCode: boolean) {
  w.page = w.doc.addPage([LETTER.width, LETTER.height]);
  w.pages.push(w.page);
  w.y = LETTER.height - MARGIN;
  text(w, `${spec.company.name}  -  Estimate ${spec.estimateNo} (continued)`, MARGIN, { size: 8 });
  w.y -= 22;
  tableHeader(w, withCode);
}

function ensureRoom(w: PdfWriter, spec: EstimateSpec, withCode: boolean, lines = 1) {
  if (w.y - lines * 13 < MARGIN + 30) newPage(w, spec, withCode);
}

function itemRow(w: PdfWriter, item: LineItem, withCode: boolean) {
  const desc = withCode && item.code ? `${item.code}    ${item.description}` : item.description;
  text(w, desc, COL.desc + (withCode ? 0 : 10));
  text(w, qtyText(item.qty), COL.qtyRight, { right: true });
  text(w, item.unit, COL.unit);
  text(w, money(cents(item.unitCost)), COL.unitCostRight, { right: true });
  text(w, money(itemCents(item)), COL.amountRight, { right: true });
  w.y -= 13;
}

function sectionHeading(s: Section): string {
  return s.division ? `DIVISION ${s.division} - ${s.heading.toUpperCase()}` : s.heading.toUpperCase();
}

/** A contractor's estimate as a letter-size PDF with a real text layer. */
export async function estimatePdf(spec: EstimateSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Estimate ${spec.estimateNo} - ${spec.title}`);
  doc.setAuthor(spec.company.name);
  doc.setCreationDate(new Date(`${spec.isoDate}T12:00:00Z`));
  doc.setModificationDate(new Date(`${spec.isoDate}T12:00:00Z`));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([LETTER.width, LETTER.height]);
  const w: PdfWriter = { doc, font, bold, page, y: LETTER.height - MARGIN - 8, pages: [page] };
  const withCode = spec.sections.some((s) => s.division);
  const totals = totalsOf(spec);

  text(w, spec.company.name, MARGIN, { size: 16, bold: true });
  text(w, 'ESTIMATE', COL.amountRight, { size: 18, bold: true, right: true });
  w.y -= 14;
  for (const [i, line] of spec.company.lines.entries()) {
    text(w, line, MARGIN, { size: 9 });
    if (i === 0) text(w, `Estimate #: ${spec.estimateNo}`, COL.amountRight, { right: true });
    if (i === 1) text(w, `Date: ${spec.date}`, COL.amountRight, { right: true });
    w.y -= 12;
  }
  w.y -= 10;
  text(w, 'Prepared for:', MARGIN, { bold: true });
  text(w, 'Project:', 320, { bold: true });
  w.y -= 12;
  text(w, spec.client, MARGIN);
  text(
    w,
    spec.title.length > 48 ? `${spec.title.slice(0, spec.title.lastIndexOf(',', 48))}` : spec.title,
    320,
  );
  w.y -= 12;
  text(w, spec.address, MARGIN);
  if (spec.title.length > 48) text(w, spec.title.slice(spec.title.lastIndexOf(',', 48) + 2), 320);
  w.y -= 24;
  tableHeader(w, withCode);

  for (const [si, section] of spec.sections.entries()) {
    ensureRoom(w, spec, withCode, 3);
    text(w, sectionHeading(section), COL.desc, { bold: true });
    w.y -= 13;
    for (const item of section.items) {
      ensureRoom(w, spec, withCode);
      itemRow(w, item, withCode);
    }
    ensureRoom(w, spec, withCode);
    text(
      w,
      `Subtotal ${section.division ? `Division ${section.division}` : section.heading}`,
      COL.unit - 100,
      {
        bold: true,
      },
    );
    text(w, money(totals.sections[si]?.subtotal ?? 0), COL.amountRight, { bold: true, right: true });
    w.y -= 18;
  }

  ensureRoom(w, spec, withCode, 4 + spec.allowances.length + spec.markups.length);
  rule(w);
  text(w, 'CONSTRUCTION SUBTOTAL', COL.unit - 100, { bold: true });
  text(w, money(totals.work), COL.amountRight, { bold: true, right: true });
  w.y -= 18;
  if (spec.allowances.length > 0) {
    text(w, 'ALLOWANCES', COL.desc, { bold: true });
    w.y -= 13;
    for (const a of spec.allowances) itemRow(w, a, false);
    text(w, 'Total Allowances', COL.unit - 100, { bold: true });
    text(w, money(totals.allowances), COL.amountRight, { bold: true, right: true });
    w.y -= 18;
  }
  for (const m of totals.markups) {
    text(w, m.label, COL.unit - 100);
    text(w, money(m.amount), COL.amountRight, { right: true });
    w.y -= 13;
  }
  w.y -= 2;
  rule(w);
  text(w, 'GRAND TOTAL', COL.unit - 100, { size: 11, bold: true });
  text(w, `$${money(totals.grandTotal)}`, COL.amountRight, { size: 11, bold: true, right: true });
  w.y -= 26;
  for (const note of spec.notes) {
    ensureRoom(w, spec, withCode);
    text(w, note, MARGIN, { size: 8 });
    w.y -= 11;
  }
  w.y -= 20;
  ensureRoom(w, spec, withCode, 2);
  text(w, 'Accepted by: ______________________________      Date: ______________', MARGIN, { size: 9 });

  const count = w.pages.length;
  for (const [i, p] of w.pages.entries()) {
    const label = `Page ${i + 1} of ${count}`;
    p.drawText(label, {
      x: LETTER.width - MARGIN - font.widthOfTextAtSize(label, 8),
      y: 24,
      size: 8,
      font,
      color: rgb(0.35, 0.35, 0.35),
    });
  }
  return doc.save({ useObjectStreams: false });
}

// ---------------------------------------------------------------------------------------------
// A large text PDF (benchmarks)

const LARGE_TRADES: { division: string; heading: string; trade: Trade; words: string[]; unit: string }[] = [
  {
    division: '02',
    heading: 'Existing Conditions',
    trade: 'demolition',
    unit: 'SF',
    words: ['Selective demolition', 'Remove ceilings', 'Remove partitions'],
  },
  {
    division: '03',
    heading: 'Concrete',
    trade: 'concrete',
    unit: 'CY',
    words: ['Slab on grade', 'Footings', 'Grade beams'],
  },
  {
    division: '05',
    heading: 'Metals',
    trade: 'structural-steel',
    unit: 'TN',
    words: ['Structural steel', 'Misc. metals', 'Steel joists'],
  },
  {
    division: '06',
    heading: 'Wood & Framing',
    trade: 'framing',
    unit: 'SF',
    words: ['Wall framing', 'Blocking', 'Roof sheathing'],
  },
  {
    division: '07',
    heading: 'Roofing',
    trade: 'roofing',
    unit: 'SQ',
    words: ['TPO roofing', 'Roof insulation', 'Sheet metal flashing'],
  },
  {
    division: '08',
    heading: 'Openings',
    trade: 'windows-doors',
    unit: 'EA',
    words: ['Aluminum windows', 'Hollow metal doors', 'Door hardware'],
  },
  {
    division: '09',
    heading: 'Finishes',
    trade: 'drywall',
    unit: 'SF',
    words: ['Gypsum board partitions', 'Acoustic ceilings', 'Drywall soffits'],
  },
  {
    division: '22',
    heading: 'Plumbing',
    trade: 'plumbing',
    unit: 'EA',
    words: ['Domestic water piping', 'Sanitary waste piping', 'Plumbing fixtures rough-in'],
  },
  {
    division: '23',
    heading: 'HVAC',
    trade: 'hvac',
    unit: 'EA',
    words: ['Rooftop unit', 'Ductwork', 'VAV terminal'],
  },
  {
    division: '26',
    heading: 'Electrical',
    trade: 'electrical',
    unit: 'EA',
    words: ['Branch circuits', 'Lighting fixtures', 'Panelboard'],
  },
];

/** Deterministic pseudo-random numbers (mulberry32), so the large estimate is the same every run. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The spec of a large commercial estimate filling about `pages` letter pages (about 44 lines a page). */
export function largeEstimateSpec(pages: number): EstimateSpec {
  const rand = seeded(pages * 7919);
  const lines = Math.max(1, pages) * 48 - 36;
  const perSection = Math.max(1, Math.floor(lines / LARGE_TRADES.length) - 3);
  const sections: Section[] = LARGE_TRADES.map((t, ti) => ({
    division: t.division,
    heading: t.heading,
    items: Array.from({ length: perSection }, (_, i) => ({
      code: `${t.division} ${String(10 + ti).padStart(2, '0')} ${String(i + 1).padStart(2, '0')}`,
      description: `${t.words[i % t.words.length]}, area ${String.fromCharCode(65 + (i % 26))}${Math.floor(i / 26) + 1}`,
      qty: 1 + Math.floor(rand() * 400),
      unit: t.unit,
      unitCost: Math.round((5 + rand() * 495) * 100) / 100,
      trade: t.trade,
    })),
  }));
  return {
    ...OFFICE_TI,
    id: `large-estimate-${pages}p`,
    title: `Warehouse Conversion, Building C (${pages}-page estimate)`,
    estimateNo: `LG-${pages}`,
    sections: [
      {
        division: '01',
        heading: 'General Requirements',
        items: [
          {
            code: '01 41 26',
            description: 'Building permit and fees',
            qty: 1,
            unit: 'LS',
            unitCost: 24500,
            trade: 'permits',
          },
        ],
      },
      ...sections,
    ],
  };
}

/** A text-layer PDF estimate of about `pages` pages and its figures (cents), for benchmarks. */
export async function makeLargePdfEstimate(pages = 20): Promise<{ bytes: Uint8Array; totals: Totals }> {
  const spec = largeEstimateSpec(pages);
  return { bytes: await estimatePdf(spec), totals: totalsOf(spec) };
}

// ---------------------------------------------------------------------------------------------
// HTML rendering → "phone scan" PNG, and an image-only PDF page

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function estimateHtml(spec: EstimateSpec): string {
  const totals = totalsOf(spec);
  const rows: string[] = [];
  for (const [si, s] of spec.sections.entries()) {
    rows.push(`<tr class="sec"><td colspan="5">${escapeHtml(sectionHeading(s))}</td></tr>`);
    for (const i of s.items) {
      rows.push(
        `<tr><td class="d">${escapeHtml(i.description)}</td><td class="n">${qtyText(i.qty)}</td><td class="u">${i.unit}</td><td class="n">${money(cents(i.unitCost))}</td><td class="n">${money(itemCents(i))}</td></tr>`,
      );
    }
    rows.push(
      `<tr class="sub"><td colspan="4">Subtotal ${escapeHtml(s.heading)}</td><td class="n">${money(totals.sections[si]?.subtotal ?? 0)}</td></tr>`,
    );
  }
  rows.push(
    `<tr class="tot"><td colspan="4">CONSTRUCTION SUBTOTAL</td><td class="n">${money(totals.work)}</td></tr>`,
  );
  rows.push('<tr class="sec"><td colspan="5">ALLOWANCES</td></tr>');
  for (const a of spec.allowances) {
    rows.push(
      `<tr><td class="d">${escapeHtml(a.description)}</td><td class="n">${qtyText(a.qty)}</td><td class="u">${a.unit}</td><td class="n">${money(cents(a.unitCost))}</td><td class="n">${money(itemCents(a))}</td></tr>`,
    );
  }
  rows.push(
    `<tr class="sub"><td colspan="4">Total Allowances</td><td class="n">${money(totals.allowances)}</td></tr>`,
  );
  for (const m of totals.markups) {
    rows.push(`<tr><td colspan="4">${escapeHtml(m.label)}</td><td class="n">${money(m.amount)}</td></tr>`);
  }
  rows.push(
    `<tr class="grand"><td colspan="4">GRAND TOTAL</td><td class="n">$${money(totals.grandTotal)}</td></tr>`,
  );
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  html,body{margin:0;background:#8a8a86}
  .sheet{width:1150px;margin:30px;padding:44px 52px;background:#ecebe6;color:#222;
    font-family:"DejaVu Sans","Liberation Sans",Arial,sans-serif;font-size:19px;transform:rotate(-0.6deg);
    box-shadow:0 0 18px rgba(0,0,0,.45);filter:contrast(0.92) grayscale(1)}
  h1{font-size:32px;margin:0}
  .hdr{display:flex;justify-content:space-between}
  .meta{text-align:right}
  table{width:100%;border-collapse:collapse;margin-top:22px}
  th{text-align:left;border-bottom:2px solid #444;padding:5px 6px}
  td{padding:4px 6px}
  .n{text-align:right;white-space:nowrap}
  th.n{text-align:right}
  tr.sec td{font-weight:bold;padding-top:12px}
  tr.sub td,tr.tot td{font-weight:bold}
  tr.tot td,tr.grand td{border-top:1.5px solid #444}
  tr.grand td{font-weight:bold;font-size:23px}
  .d{padding-left:22px}
  .u{padding-left:22px}
  </style></head><body><div class="sheet">
  <div class="hdr"><div><h1>${escapeHtml(spec.company.name)}</h1>${spec.company.lines.map((l) => `<div>${escapeHtml(l)}</div>`).join('')}</div>
  <div class="meta"><h1>ESTIMATE</h1><div>Estimate #: ${spec.estimateNo}</div><div>Date: ${spec.date}</div></div></div>
  <p><b>Prepared for:</b> ${escapeHtml(spec.client)}<br>${escapeHtml(spec.address)}<br><b>Project:</b> ${escapeHtml(spec.title)}</p>
  <table><thead><tr><th>Description</th><th class="n">Qty</th><th class="u">Unit</th><th class="n">Unit Cost</th><th class="n">Amount</th></tr></thead>
  <tbody>${rows.join('\n')}</tbody></table>
  <p style="font-size:16px">${spec.notes.map(escapeHtml).join('<br>')}</p>
  </div></body></html>`;
}

/** Screenshots the HTML rendering in Chromium: the "phone photo / scan" of an estimate. */
export async function estimateScanPng(spec: EstimateSpec): Promise<Uint8Array> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 1310, height: 1200 }, deviceScaleFactor: 1 });
    await page.setContent(estimateHtml(spec), { waitUntil: 'load' });
    return await page.screenshot({ fullPage: true, type: 'png' });
  } finally {
    await browser.close();
  }
}

/** An image-only letter-size PDF page (no text layer) showing the top of a scan. */
export async function scannedPdfPage(png: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date('2025-03-14T12:00:00Z'));
  doc.setModificationDate(new Date('2025-03-14T12:00:00Z'));
  const image = await doc.embedPng(png);
  const page = doc.addPage([LETTER.width, LETTER.height]);
  const scale = (LETTER.width - 2 * 18) / image.width;
  const height = image.height * scale;
  // The page shows the top of the scan (like a scanner cropping a long sheet to letter size).
  page.drawImage(image, { x: 18, y: LETTER.height - 18 - height, width: image.width * scale, height });
  return doc.save({ useObjectStreams: false });
}

// ---------------------------------------------------------------------------------------------
// Spreadsheet and csv

export async function estimateXlsx(spec: EstimateSpec): Promise<Uint8Array> {
  const totals = totalsOf(spec);
  const wb = new ExcelJS.Workbook();
  wb.creator = spec.company.name;
  wb.created = new Date(`${spec.isoDate}T12:00:00Z`);
  wb.modified = wb.created;
  const ws = wb.addWorksheet('Estimate');
  ws.columns = [
    { key: 'code', width: 12 },
    { key: 'desc', width: 56 },
    { key: 'qty', width: 10 },
    { key: 'unit', width: 7 },
    { key: 'unitCost', width: 12, style: { numFmt: '#,##0.00' } },
    { key: 'total', width: 14, style: { numFmt: '#,##0.00' } },
  ];
  const title = ws.addRow([spec.company.name]);
  title.font = { bold: true, size: 14 };
  ws.mergeCells(`A${title.number}:F${title.number}`);
  for (const l of spec.company.lines) ws.mergeCells(`A${ws.addRow([l]).number}:F${ws.rowCount}`);
  ws.addRow([]);
  ws.addRow(['Project:', spec.title]);
  ws.addRow(['Client:', spec.client]);
  ws.addRow(['Address:', spec.address]);
  ws.addRow(['Estimate #:', spec.estimateNo]);
  ws.addRow(['Date:', new Date(`${spec.isoDate}T00:00:00Z`)]).getCell(2).numFmt = 'mmmm d, yyyy';
  ws.addRow([]);
  ws.addRow(['Cost Code', 'Description', 'Qty', 'Unit', 'Unit Cost', 'Total']).font = { bold: true };
  const subtotalCells: string[] = [];
  for (const [si, s] of spec.sections.entries()) {
    const h = ws.addRow([`DIVISION ${s.division} - ${s.heading.toUpperCase()}`]);
    h.font = { bold: true };
    ws.mergeCells(`A${h.number}:F${h.number}`);
    const first = ws.rowCount + 1;
    for (const i of s.items) {
      const r = ws.addRow([i.code ?? '', i.description, i.qty, i.unit, i.unitCost]);
      r.getCell(6).value = { formula: `C${r.number}*E${r.number}`, result: itemCents(i) / 100 };
    }
    const last = ws.rowCount;
    const sub = ws.addRow(['', `Subtotal Division ${s.division}`]);
    sub.font = { bold: true };
    sub.getCell(6).value = {
      formula: `SUM(F${first}:F${last})`,
      result: (totals.sections[si]?.subtotal ?? 0) / 100,
    };
    subtotalCells.push(`F${sub.number}`);
  }
  ws.addRow([]);
  const work = ws.addRow(['', 'CONSTRUCTION SUBTOTAL']);
  work.font = { bold: true };
  work.getCell(6).value = { formula: subtotalCells.join('+'), result: totals.work / 100 };
  const allowanceRows: string[] = [];
  for (const a of spec.allowances) {
    const r = ws.addRow(['', a.description, a.qty, a.unit, a.unitCost]);
    r.getCell(6).value = { formula: `C${r.number}*E${r.number}`, result: itemCents(a) / 100 };
    allowanceRows.push(`F${r.number}`);
  }
  const markupRows: string[] = [];
  for (const [mi, m] of totals.markups.entries()) {
    const markup = spec.markups[mi];
    const r = ws.addRow(['', m.label]);
    const rate = String((markup?.percent ?? 0) / 100);
    const base = markup?.base === 'materials' ? String(markup.materialsBase ?? 0) : `F${work.number}`;
    r.getCell(6).value = { formula: `ROUND(${base}*${rate},2)`, result: m.amount / 100 };
    markupRows.push(`F${r.number}`);
  }
  const grand = ws.addRow(['', 'GRAND TOTAL']);
  grand.font = { bold: true, size: 12 };
  grand.getCell(6).value = {
    formula: [`F${work.number}`, ...allowanceRows, ...markupRows].join('+'),
    result: totals.grandTotal / 100,
  };
  const notes = wb.addWorksheet('Clarifications');
  notes.columns = [{ width: 100 }];
  notes.addRow(['Clarifications and exclusions']).font = { bold: true };
  for (const n of spec.notes) notes.addRow([n]);
  const buf = await wb.xlsx.writeBuffer();
  return new Uint8Array(buf as ArrayBuffer);
}

/** Quotes a csv field when it holds a comma, quote or line break. */
function csvField(v: string | number): string {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The estimate as an estimating program exports it: one row per line, division on every row. */
export function estimateCsv(spec: EstimateSpec): string {
  const totals = totalsOf(spec);
  const rows: (string | number)[][] = [
    ['Division', 'Cost Code', 'Description', 'Quantity', 'Unit', 'Unit Cost', 'Total'],
  ];
  const fix2 = (c: number) => (c / 100).toFixed(2);
  for (const [si, s] of spec.sections.entries()) {
    const div = `${s.division} ${s.heading}`;
    for (const i of s.items) {
      rows.push([div, i.code ?? '', i.description, i.qty, i.unit, i.unitCost.toFixed(2), fix2(itemCents(i))]);
    }
    rows.push([
      div,
      '',
      `Subtotal Division ${s.division}`,
      '',
      '',
      '',
      fix2(totals.sections[si]?.subtotal ?? 0),
    ]);
  }
  rows.push(['', '', 'Construction Subtotal', '', '', '', fix2(totals.work)]);
  for (const a of spec.allowances) {
    rows.push(['Allowances', '', a.description, a.qty, a.unit, a.unitCost.toFixed(2), fix2(itemCents(a))]);
  }
  for (const m of totals.markups) rows.push(['', '', m.label, '', '', '', fix2(m.amount)]);
  rows.push(['', '', 'Grand Total', '', '', '', fix2(totals.grandTotal)]);
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// Word (docx)

export async function estimateDocx(spec: EstimateSpec): Promise<Uint8Array> {
  const totals = totalsOf(spec);
  const border = { style: BorderStyle.SINGLE, size: 4, color: '888888' };
  const borders = { top: border, bottom: border, left: border, right: border };
  const cell = (s: string, opts: { bold?: boolean; right?: boolean; width?: number } = {}) =>
    new TableCell({
      borders,
      ...(opts.width ? { width: { size: opts.width, type: WidthType.PERCENTAGE } } : {}),
      children: [
        new Paragraph({
          alignment: opts.right ? AlignmentType.RIGHT : AlignmentType.LEFT,
          children: [new TextRun({ text: s, bold: opts.bold ?? false })],
        }),
      ],
    });
  const rows: TableRow[] = [
    new TableRow({
      tableHeader: true,
      children: [
        cell('Item', { bold: true, width: 7 }),
        cell('Description', { bold: true, width: 45 }),
        cell('Qty', { bold: true, right: true, width: 8 }),
        cell('Unit', { bold: true, width: 8 }),
        cell('Unit Price', { bold: true, right: true, width: 15 }),
        cell('Amount', { bold: true, right: true, width: 17 }),
      ],
    }),
  ];
  let n = 0;
  for (const [si, s] of spec.sections.entries()) {
    rows.push(
      new TableRow({
        children: [
          cell(''),
          cell(s.heading.toUpperCase(), { bold: true }),
          cell(''),
          cell(''),
          cell(''),
          cell(''),
        ],
      }),
    );
    for (const i of s.items) {
      n += 1;
      rows.push(
        new TableRow({
          children: [
            cell(String(n)),
            cell(i.description),
            cell(qtyText(i.qty), { right: true }),
            cell(i.unit),
            cell(money(cents(i.unitCost)), { right: true }),
            cell(money(itemCents(i)), { right: true }),
          ],
        }),
      );
    }
    rows.push(
      new TableRow({
        children: [
          cell(''),
          cell(`Subtotal ${s.heading}`, { bold: true }),
          cell(''),
          cell(''),
          cell(''),
          cell(money(totals.sections[si]?.subtotal ?? 0), { bold: true, right: true }),
        ],
      }),
    );
  }
  const para = (s: string, bold = false, size?: number) =>
    new Paragraph({ children: [new TextRun({ text: s, bold, ...(size ? { size } : {}) })] });
  const totalLines = [
    `Construction Subtotal: $${money(totals.work)}`,
    ...spec.allowances.map((a) => `${a.description}: $${money(itemCents(a))}`),
    ...totals.markups.map((m) => `${m.label}: $${money(m.amount)}`),
  ];
  const doc = new Document({
    creator: spec.company.name,
    title: `Estimate ${spec.estimateNo}`,
    sections: [
      {
        children: [
          para(spec.company.name, true, 32),
          ...spec.company.lines.map((l) => para(l)),
          para(''),
          para(`ESTIMATE ${spec.estimateNo}`, true, 28),
          para(`Date: ${spec.date}`),
          para(`Client: ${spec.client}`),
          para(`Project address: ${spec.address}`),
          para(`Project: ${spec.title}`),
          para(''),
          new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows }),
          para(''),
          ...totalLines.map((l) => para(l)),
          para(`GRAND TOTAL: $${money(totals.grandTotal)}`, true, 26),
          para(''),
          ...spec.notes.map((l) => para(l)),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

// ---------------------------------------------------------------------------------------------
// Word 97-2003 (.doc)

/** Lines of the bathroom estimate as a Word document shows them: paragraphs, and table rows as cells. */
function estimateDocLines(spec: EstimateSpec): (string | string[])[] {
  const totals = totalsOf(spec);
  const out: (string | string[])[] = [
    spec.company.name,
    ...spec.company.lines,
    `ESTIMATE ${spec.estimateNo}`,
    `Date: ${spec.date}`,
    `Client: ${spec.client}`,
    `Project address: ${spec.address}`,
    `Project: ${spec.title}`,
    ['Item', 'Description', 'Qty', 'Unit', 'Unit Price', 'Amount'],
  ];
  let n = 0;
  for (const [si, s] of spec.sections.entries()) {
    out.push(['', s.heading.toUpperCase(), '', '', '', '']);
    for (const i of s.items) {
      n += 1;
      out.push([
        String(n),
        i.description,
        qtyText(i.qty),
        i.unit,
        money(cents(i.unitCost)),
        money(itemCents(i)),
      ]);
    }
    out.push(['', `Subtotal ${s.heading}`, '', '', '', money(totals.sections[si]?.subtotal ?? 0)]);
  }
  out.push(`Construction Subtotal: $${money(totals.work)}`);
  for (const a of spec.allowances) out.push(`${a.description}: $${money(itemCents(a))}`);
  for (const m of totals.markups) out.push(`${m.label}: $${money(m.amount)}`);
  out.push(`GRAND TOTAL: $${money(totals.grandTotal)}`, ...spec.notes);
  return out;
}

const SECTOR = 512;
const END_OF_CHAIN = -2;
const FREE_SECTOR = -1;
const FAT_SECTOR = -3;

/** Pads a stream to whole sectors, and to at least 4,096 bytes so it lives in regular sectors. */
const padStream = (b: Buffer) =>
  Buffer.concat([b, Buffer.alloc(Math.max(4096, Math.ceil(b.length / SECTOR) * SECTOR) - b.length)]);

/** A compound (OLE2) file holding the given streams, each at least 4,096 bytes (no mini stream). */
function compoundFile(streams: { name: string; data: Buffer }[]): Uint8Array {
  const padded = streams.map((s) => ({ ...s, data: padStream(s.data) }));
  const fat: number[] = [FAT_SECTOR, END_OF_CHAIN];
  const starts: number[] = [];
  for (const s of padded) {
    const count = s.data.length / SECTOR;
    starts.push(fat.length);
    for (let i = 0; i < count; i++) fat.push(i === count - 1 ? END_OF_CHAIN : fat.length + 1);
  }
  if (fat.length > SECTOR / 4) throw new Error('compoundFile: streams too large for one FAT sector');
  const header = Buffer.alloc(SECTOR);
  Buffer.from('D0CF11E0A1B11AE1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  header.writeInt32LE(1, 44); // FAT sectors
  header.writeInt32LE(1, 48); // first directory sector
  header.writeInt32LE(4096, 56); // mini stream cutoff
  header.writeInt32LE(END_OF_CHAIN, 60);
  header.writeInt32LE(END_OF_CHAIN, 68);
  for (let i = 0; i < 109; i++) header.writeInt32LE(i === 0 ? 0 : FREE_SECTOR, 76 + i * 4);
  const fatSector = Buffer.alloc(SECTOR);
  for (let i = 0; i < SECTOR / 4; i++) fatSector.writeInt32LE(fat[i] ?? FREE_SECTOR, i * 4);
  const dir = Buffer.alloc(SECTOR);
  const entry = (
    i: number,
    name: string,
    type: number,
    left: number,
    child: number,
    start: number,
    size: number,
  ) => {
    const o = i * 128;
    dir.write(name, o, 'utf16le');
    dir.writeUInt16LE((name.length + 1) * 2, o + 64);
    dir.writeInt8(type, o + 66);
    dir.writeInt8(1, o + 67); // black
    dir.writeInt32LE(left, o + 68);
    dir.writeInt32LE(-1, o + 72);
    dir.writeInt32LE(child, o + 76);
    dir.writeInt32LE(start, o + 116);
    dir.writeUInt32LE(size, o + 120);
  };
  // Root → first stream; the others hang off its left (names sort by length first, so shorter is left).
  const sorted = padded.map((s, i) => ({ ...s, start: starts[i] ?? 0, id: i + 1 }));
  entry(0, 'Root Entry', 5, -1, 1, END_OF_CHAIN, 0);
  for (const [i, s] of sorted.entries())
    entry(s.id, s.name, 2, i + 2 <= sorted.length ? i + 2 : -1, -1, s.start, s.data.length);
  for (let i = sorted.length + 1; i < SECTOR / 128; i++) {
    dir.writeInt32LE(-1, i * 128 + 68);
    dir.writeInt32LE(-1, i * 128 + 72);
    dir.writeInt32LE(-1, i * 128 + 76);
  }
  return new Uint8Array(Buffer.concat([header, fatSector, dir, ...padded.map((s) => s.data)]));
}

/**
 * A minimal Word 97-2003 document: the text as one Unicode piece, no formatting. Table cells end
 * with Word's cell mark (0x07); a row ends with a paragraph mark, which is what a reader makes of
 * Word's row-end mark (so the text reads as it would from a .doc saved by Word).
 */
export function estimateDoc(spec: EstimateSpec): Uint8Array {
  const text = estimateDocLines(spec)
    .map((l) => (typeof l === 'string' ? `${l}\r` : `${l.map((c) => `${c}\x07`).join('')}\r`))
    .join('');
  const TEXT_AT = 0x800;
  const word = Buffer.alloc(TEXT_AT + text.length * 2);
  word.writeUInt16LE(0xa5ec, 0); // wIdent
  word.writeUInt16LE(0x00c1, 2); // nFib (Word 97)
  word.writeUInt16LE(0x0200, 0x0a); // fWhichTblStm: the table stream is 1Table
  word.writeUInt32LE(TEXT_AT, 0x18); // fcMin
  word.writeUInt32LE(TEXT_AT + text.length * 2, 0x1c); // fcMac
  word.writeUInt32LE(text.length, 0x4c); // ccpText
  word.write(text, TEXT_AT, 'utf16le');
  // The piece table (CLX) in the table stream: one piece of Unicode text at TEXT_AT.
  const plcPcd = Buffer.alloc(8 + 8);
  plcPcd.writeUInt32LE(0, 0);
  plcPcd.writeUInt32LE(text.length, 4);
  plcPcd.writeUInt32LE(TEXT_AT, 8 + 2); // fc without the "compressed" bit: UTF-16
  const clx = Buffer.concat([Buffer.from([0x02]), Buffer.alloc(4), plcPcd]);
  clx.writeUInt32LE(plcPcd.length, 1);
  word.writeUInt32LE(0, 0x1a2); // fcClx (at the start of 1Table)
  word.writeUInt32LE(clx.length, 0x1a6); // lcbClx
  return compoundFile([
    { name: 'WordDocument', data: word },
    { name: '1Table', data: clx },
  ]);
}

// ---------------------------------------------------------------------------------------------
// Invalid files for the error cases

/** A PDF whose trailer names a standard security handler: readers ask for a password. */
export async function encryptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date('2025-01-15T12:00:00Z'));
  doc.setModificationDate(new Date('2025-01-15T12:00:00Z'));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc
    .addPage([LETTER.width, LETTER.height])
    .drawText('Confidential estimate', { x: 72, y: 700, size: 14, font });
  // A /Standard handler (RC4, 128-bit) whose /U entry matches no empty user password.
  const filler = (c: number) =>
    PDFString.of(String.fromCharCode(...Array.from({ length: 32 }, (_, i) => 65 + ((i * c) % 26))));
  const encrypt = doc.context.obj({
    Filter: PDFName.of('Standard'),
    V: 2,
    R: 3,
    Length: 128,
    P: -3904,
    O: filler(7),
    U: filler(11),
  });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  doc.context.trailerInfo.ID = doc.context.obj([
    PDFString.of('0123456789abcdef'),
    PDFString.of('0123456789abcdef'),
  ]);
  return doc.save({ useObjectStreams: false });
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A minimal zip archive (deflated entries). */
export function zipOf(files: Record<string, string>): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content, 'utf8');
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const centralSize = centrals.reduce((s, b) => s + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, ...centrals, end]));
}

// ---------------------------------------------------------------------------------------------
// expected.json

function expectedOf(spec: EstimateSpec, files: Record<string, string>, keyLines: string[]) {
  const t = totalsOf(spec);
  const trades = [...new Set(spec.sections.flatMap((s) => s.items.map((i) => i.trade)))];
  const d = (c: number) => c / 100;
  return {
    files,
    title: spec.title,
    company: spec.company.name,
    client: spec.client,
    address: spec.address,
    date: spec.isoDate,
    estimateNo: spec.estimateNo,
    currency: 'USD',
    /** Trades of the priced work lines (allowances excluded). */
    trades,
    itemCount: spec.sections.reduce((s, x) => s + x.items.length, 0),
    sections: t.sections.map((s) => ({ ...s, subtotal: d(s.subtotal) })),
    /** Sum of the work line items = the "construction subtotal" line: the estimate's total of works. */
    workTotal: d(t.work),
    allowances: spec.allowances.map((a) => ({ description: a.description, amount: d(itemCents(a)) })),
    allowanceTotal: d(t.allowances),
    markups: t.markups.map((m) => ({ ...m, amount: d(m.amount) })),
    grandTotal: d(t.grandTotal),
    /** Strings the extracted text of every file of this estimate contains. */
    keyLines,
    items: spec.sections.flatMap((s) =>
      s.items.map((i) => ({
        section: s.division ? `${s.division} ${s.heading}` : s.heading,
        ...(i.code ? { code: i.code } : {}),
        description: i.description,
        qty: i.qty,
        unit: i.unit,
        unitCost: i.unitCost,
        amount: d(itemCents(i)),
        trade: i.trade,
      })),
    ),
  };
}

async function main() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const out = join(root, 'tests/fixtures/estimates');
  mkdirSync(join(out, 'invalid'), { recursive: true });
  const write = (name: string, data: Uint8Array | string) => {
    writeFileSync(join(out, name), data);
    console.log(`wrote tests/fixtures/estimates/${name}`);
  };

  write('residential-kitchen-bath-remodel.pdf', await estimatePdf(REMODEL));
  write('new-home-2400sf.pdf', await estimatePdf(NEW_HOME));
  const scan = await estimateScanPng(REMODEL);
  write('residential-kitchen-bath-remodel-scan.png', scan);
  write('scanned-estimate-page.pdf', await scannedPdfPage(scan));
  write('office-fit-out-ti.xlsx', await estimateXlsx(OFFICE_TI));
  write('office-fit-out-ti.csv', estimateCsv(OFFICE_TI));
  write('bathroom-remodel.docx', await estimateDocx(BATHROOM));
  write('bathroom-remodel.doc', estimateDoc(BATHROOM));
  write('invalid/encrypted.pdf', await encryptedPdf());
  write(
    'invalid/not-a-workbook.xlsx',
    zipOf({ 'photos/readme.txt': 'Site photos, see attached.', 'photos/list.csv': 'a,b\n1,2\n' }),
  );

  const remodelTotals = totalsOf(REMODEL);
  const expected = {
    $comment:
      'Written by scripts/make-test-estimates.ts. Amounts in dollars. workTotal = sum of the work line items (the "construction subtotal"); allowances, contingency, fees and tax are budget lines, not work; grandTotal = workTotal + allowanceTotal + markups.',
    estimates: {
      'residential-kitchen-bath-remodel': expectedOf(
        REMODEL,
        {
          pdf: 'residential-kitchen-bath-remodel.pdf',
          scanPng: 'residential-kitchen-bath-remodel-scan.png',
        },
        [
          'Summit Ridge Builders, LLC',
          'Daniel & Priya Whitaker',
          'Rough-in plumbing, kitchen sink and dishwasher',
          'Quartz countertops, fabricated and installed',
          `$${money(remodelTotals.grandTotal)}`,
        ],
      ),
      'new-home-2400sf': expectedOf(NEW_HOME, { pdf: 'new-home-2400sf.pdf' }, [
        'Prairie Oak Homes, Inc.',
        'DIVISION 03 - CONCRETE',
        'Architectural asphalt shingle roofing',
        'Vinyl double-hung windows',
        `$${money(totalsOf(NEW_HOME).grandTotal)}`,
      ]),
      'office-fit-out-ti': expectedOf(
        OFFICE_TI,
        { xlsx: 'office-fit-out-ti.xlsx', csv: 'office-fit-out-ti.csv' },
        [
          'Keystone Interiors Group',
          'Metal stud partitions, drywall, taped and finished',
          'Hollow metal frames, wood doors, hardware',
          'Relocate and add sprinkler heads',
        ],
      ),
      'bathroom-remodel': expectedOf(
        BATHROOM,
        { docx: 'bathroom-remodel.docx', doc: 'bathroom-remodel.doc' },
        [
          'Bayside Bath & Tile Co.',
          'Convert tub to walk-in shower, new valve and drain',
          'Frameless glass shower enclosure',
          `GRAND TOTAL: $${money(totalsOf(BATHROOM).grandTotal)}`,
        ],
      ),
    },
    scannedPage: {
      file: 'scanned-estimate-page.pdf',
      $comment: 'Image-only PDF page: the top of residential-kitchen-bath-remodel-scan.png (no text layer).',
      keyLines: ['Summit Ridge Builders', 'Building permit and plan review'],
    },
    invalid: {
      'invalid/encrypted.pdf': 'password-protected PDF (standard security handler)',
      'invalid/not-a-workbook.xlsx': 'a zip of other files named .xlsx',
    },
  };
  write('expected.json', `${JSON.stringify(expected, null, 2)}\n`);
  // The repository's formatter decides the JSON layout, so a re-run leaves no diff to lint.
  execFileSync(join(root, 'node_modules/.bin/biome'), ['format', '--write', join(out, 'expected.json')], {
    stdio: 'ignore',
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

/**
 * What kind of document an estimate is, read from its words and layout: a contractor's estimate of
 * a whole job, a subcontractor's scope (one trade's bid to a general contractor), or a supplier's
 * materials quote (products by SKU, priced for delivery). The plan takes only what a document of
 * its kind covers (`plan-scope.ts`).
 */
import type { EstimateDocument, EstimateLineItem, Trade } from './types.js';

export type DocumentKind = NonNullable<EstimateDocument['kind']>;

/** A title that says the document sells materials: "Materials quote", "Lumber quotation", "Sales order". */
const SUPPLIER_TITLE =
  /\b(?:materials?|lumber|supply|supplies|building products|hardware)\s+(?:quote|quotation|proposal|order)\b|\bsales\s+(?:quote|quotation|order)\b/i;
/** A column of product numbers: SKU, part, product, stock or catalog number. */
const PRODUCT_COLUMN =
  /\b(?:sku|part\s*(?:#|no\b)|product\s*(?:code|#|no\b)|stock\s*(?:#|no\b)|catalog\s*(?:#|no\b))/i;
/** An item-number column, which a supplier's quote shares with bid schedules. */
const ITEM_NUMBER_COLUMN = /\bitem\s*#/i;
/** What only a seller writes: where the goods ship, who they are sold to, freight terms. */
const SHIPPING =
  /\b(?:ship(?:ped)?\s+to|sold\s+to|ship\s+via|f\.?o\.?b\.?|delivery\s+(?:date|charge|fee|terms))\b/i;
/** A price column beside it. */
const PRICE_COLUMN = /\b(?:price|amount|total)\b/i;

/** A heading that names the document a subcontract bid: "Subcontractor proposal", "Sub bid", "Subcontract quote". */
const SUB_TITLE = /\bsub(?:contract(?:or)?(?:'s)?)?\s+(?:bid|proposal|quot(?:e|ation)|estimate|scope)\b/i;
/** Words a subcontractor writes to the general contractor it bids to. */
const FOR_A_GC = [
  /\b(?:gc|general contractor)\s+(?:is\s+)?(?:to|shall|will)\s+(?:provide|furnish|supply|be responsible)\b/i,
  /\b(?:by|from)\s+(?:the\s+)?(?:gc|general contractor)\b/i,
  /^\s*(?:to|company|attn|attention|prepared for|bid to|submitted to)\s*:.*\bgeneral contractors?\b/i,
];
/** A layout by scope: "Scope: BRICK" headings, a SCOPE column, a SCOPE TOTAL row. */
const SCOPE_HEADING = /^\s*scope\s*:|^\s*scope\s{2,}(?:description|amount)\b|\bscope total\b/i;

/** Trades that do not tell one scope from another (paperwork, clean-up, whatever matched nothing). */
const NOT_A_SCOPE: ReadonlySet<Trade> = new Set<Trade>([
  'other',
  'general-conditions',
  'cleanup',
  'permits',
  'procurement',
  'inspections',
  'punch-list',
  'closeout',
]);
/** A subcontractor prices one trade or a few neighbouring ones; a whole job prices more. */
const MAX_SCOPE_TRADES = 3;
/** A title sits in the first lines of the document. */
const TITLE_LINES = 20;

/** Whether the work is one narrow scope: a few trades at most. */
function narrowScope(items: readonly EstimateLineItem[]): boolean {
  const trades = new Set(
    items.filter((i) => i.kind === 'work' && !NOT_A_SCOPE.has(i.trade)).map((i) => i.trade),
  );
  return trades.size > 0 && trades.size <= MAX_SCOPE_TRADES;
}

/** A heading line: words with no figure of money on it. */
const isHeading = (line: string) => !/\d[\d,]*\.\d{2}\b|\$\s*\d/.test(line);

/**
 * The document's kind. A supplier's quote: its title says so, or its table has a product-number
 * column, or an item-number column under shipping terms. A subcontractor's scope: a heading says
 * so, or the work is a few trades and the document is written to a general contractor or laid out
 * by scope. Anything else is an estimate of the job.
 */
export function documentKind(text: string, items: readonly EstimateLineItem[]): DocumentKind {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const top = lines.slice(0, TITLE_LINES);
  const header = lines.filter((l) => PRICE_COLUMN.test(l) && isHeading(l));
  if (
    top.some((l) => SUPPLIER_TITLE.test(l) && isHeading(l)) ||
    header.some((l) => PRODUCT_COLUMN.test(l)) ||
    (header.some((l) => ITEM_NUMBER_COLUMN.test(l)) && lines.some((l) => SHIPPING.test(l)))
  )
    return 'supplier-quote';
  if (top.some((l) => SUB_TITLE.test(l) && isHeading(l))) return 'subcontractor-scope';
  if (!narrowScope(items)) return 'estimate';
  const forAGc = lines.some((l) => FOR_A_GC.some((re) => re.test(l)));
  const byScope =
    lines.some((l) => SCOPE_HEADING.test(l)) || items.some((i) => /^scope\s*:/i.test(i.section ?? ''));
  return forAGc || byScope ? 'subcontractor-scope' : 'estimate';
}

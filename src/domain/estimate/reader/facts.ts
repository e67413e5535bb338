/**
 * Facts of the estimate: `Project:`, `Client:`, `Address:`, `Date:` in a line or in one of its
 * cells, a row of bare labels whose values are on the next row, an address right after the client.
 */
import type { Row } from '../rows.js';
import { type FactField, type LineContext, type ReaderState, vote } from './state.js';

/** Labels that only ever name the job (unlike `Work:` or `Re:`, which an item line may start with). */
const PROJECT_LABEL_RE =
  /^(?:\d+\.\s*)?(?:project(?: name| title)?|job name|name of (?:the )?(?:work|project)|proposal for|estimate for)\s*[:\-–]/i;

/**
 * A whole line that names the project though it holds figures (`Project: 12-unit townhomes,
 * 18 months`): one cell with no money in it is a title, not a priced item.
 */
function namesTheProject(row: Row, joined: string): boolean {
  return row.cells.length === 1 && PROJECT_LABEL_RE.test(joined) && !row.numbers.some((n) => n.currency);
}

const FACT_LABELS: readonly (readonly ['projectName' | 'client' | 'address' | 'date', RegExp])[] = [
  [
    'projectName',
    /^(?:\d+\.\s*)?(?:project(?: name| title)?|job(?: name)?|name of (?:the )?work|name of project|work|re|subject|proposal for|estimate for)\s*[:\-–]+\s*(.{3,})$/i,
  ],
  [
    'client',
    /^(?:\d+\.\s*)?(?:client|owner|customer|prepared for|bill to|homeowner|employer|to)\s*[:\-–]+\s*(.{2,})$/i,
  ],
  [
    'address',
    /^(?:\d+\.\s*)?(?:address|job address|site address|project address|property(?: address)?|location|job site|site)\s*[:\-–]+\s*(.{3,})$/i,
  ],
  [
    'date',
    /^(?:\d+\.\s*)?(?:date|bid date|estimate date|proposal date|quote date|start(?: date)?|start of work|commencement|completion(?: date)?|valid until|dated|prepared on)\s*[:\-–]+\s*(.{4,})$/i,
  ],
];

function readFact(text: string): { field: FactField; value: string } | null {
  const t = text.replace(/\s*:\s*-?\s*/, ': ').trim();
  for (const [field, re] of FACT_LABELS) {
    const m = re.exec(t);
    if (m?.[1]) return { field, value: m[1].trim() };
  }
  return null;
}

function factField(label: string): FactField | null {
  return readFact(`${label.replace(/:\s*$/, '')}: value`)?.field ?? null;
}

const LABEL_ONLY_RE = /^[a-z][a-z #.'’/&-]{1,30}:\s*$/i;
const DATE_LIKE_RE = /\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}|[a-z]{3,9}\.? \d{1,2},? \d{4}/i;
export const DOCUMENT_NUMBER_RE =
  /^(?:estimate|quote|quotation|proposal|invoice|bid|job|project)\s*(?:#|no\.?|number)\s*:/i;
const ADDRESS_RE =
  /^(?:\d+[a-z]?\s+\S.*\b(?:st|street|ave|avenue|rd|road|dr|drive|blvd|ln|lane|ct|court|way|pkwy|parkway|hwy|highway|pl|place|cir|circle|ter|terrace|trl)\b\.?|lot\s+\d+\b.*)(?:,.*)?$/i;

/** Letterhead lines: phone, fax, registration and tax numbers (figures that are not amounts). */
const LETTERHEAD_RE =
  /^(?:tel(?:ephone)?|ph(?:one)?|gsm|mob(?:ile)?|cell|fax|e-?mail|p\.?\s?o\.?\s?box|c\.?\s?r\.?\s?no|vat(?:\s?(?:no|reg\w*|number|#))?|trn|gstin|gst\s?no|pan\s?no|cif|nif|rfc|licen[cs]e(?:\s?no)?|duns|cage code)\.?\s*(?:no\.?)?\s*[:#]/i;
const PHONE_RE = /^(?:\+?\d{1,3}[\s.-]?)?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}$/;

/** Reads the line's facts; true when the line is a fact (or a document number) and nothing else. */
export function handleFacts(st: ReaderState, ctx: LineContext): boolean {
  const { row, joined } = ctx;
  if (LETTERHEAD_RE.test(joined) || PHONE_RE.test(joined)) return true;
  // A form field written value first (`701219 : Project Number`).
  if (row.cells.length === 2 && /^:\s*\S/.test(row.cells[1] ?? '')) return true;
  const record = (field: FactField, value: string) => {
    if (field === 'date') st.dateTexts.push(value);
    else vote(st.factVotes[field], value);
    if (field === 'client') st.expectAddress = true;
  };
  if (st.pendingLabels) {
    const labels = st.pendingLabels;
    st.pendingLabels = null;
    let used = false;
    row.cells.forEach((cell, i) => {
      const field = labels[i];
      if (field && !/:\s*$/.test(cell)) {
        record(field, cell);
        used = true;
      }
    });
    if (used) return true;
  }
  if (st.expectAddress) {
    st.expectAddress = false;
    if (row.cells.length === 1 && ADDRESS_RE.test(joined)) {
      vote(st.factVotes.address, joined);
      return true;
    }
  }
  if (row.cells.length >= 1 && row.numbers.length === 0 && row.cells.every((c) => LABEL_ONLY_RE.test(c))) {
    const labels = row.cells.map((c) => factField(c));
    if (labels.some((l) => l !== null)) {
      st.pendingLabels = labels;
      return true;
    }
  }
  let isFact = false;
  for (const text of row.cells.length > 1 ? [joined, ...row.cells] : [joined]) {
    const fact = readFact(text);
    if (!fact) continue;
    if (fact.field === 'date') {
      record('date', fact.value);
      isFact = isFact || row.numbers.length === 0 || text !== joined || DATE_LIKE_RE.test(fact.value);
    } else if (
      row.numbers.length === 0 ||
      fact.field !== 'projectName' ||
      text !== joined ||
      namesTheProject(row, joined)
    ) {
      record(fact.field, fact.value);
      isFact = true;
    }
    if (text === joined) break;
  }
  return (
    isFact ||
    (row.numbers.length === 0 && row.cells.some((c) => DOCUMENT_NUMBER_RE.test(c)) && row.cells.length <= 2)
  );
}

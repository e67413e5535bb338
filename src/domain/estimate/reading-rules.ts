/**
 * Reading rules: the user's corrections to one estimate, turned into rules that read the company's
 * next estimate of the same layout the same way. A correction names a line by its number; a rule
 * names it by what stays the same from one job to the next: the line's words (figures and item
 * numbers aside), the heading it sits under, a sheet's name, the label of a bid column or model.
 *
 * The layout is the priced tables' header rows and the sheet names, written without their figures:
 * a second estimate with other amounts, another project name and date, and more or fewer lines has
 * the same layout; one with other column headings or other sheets does not, and no rule touches it.
 * The document's own total is never remembered: it is a figure of that document alone.
 */
import { normalise } from './lexicon.js';
import { readEstimate } from './read-estimate.js';
import { splitPages } from './reader/pages.js';
import { headerOf } from './reader/table.js';
import { parseRow } from './rows.js';
import type {
  CorrectedRole,
  CorrectedSheet,
  EstimateChoiceAnswers,
  EstimateCorrections,
  Trade,
} from './types.js';

/** What tells one layout from another: the header rows of its tables and its sheet names, figures aside. */
export interface ReadingLayout {
  headers: string[];
  sheets: string[];
}

/** A line's correction as a rule: its role and/or trade. */
export interface RuleCorrection {
  role?: CorrectedRole;
  trade?: Trade;
}

export interface ReadingRules {
  layout: ReadingLayout;
  /** Lines by their words; `under` the heading they sit under when the words alone are not enough. */
  lines: (RuleCorrection & { text: string; under?: string | null })[];
  /** Every amount line under a heading with these words. */
  sections: (RuleCorrection & { heading: string })[];
  /** Whole sheets by name (figures in the name aside). */
  sheets: { name: string; as: CorrectedSheet }[];
  /** Everything after the line with these words is an option; `fromEnd` counts such lines from the last (0). */
  optionsAfter: { text: string; fromEnd: number } | null;
  /** A bid column or a model, by the chosen option's label. */
  choices: { key: string; label: string }[];
  /** An alternate included or left out, by its line's words. */
  alternates: { text: string; answer: 'include' | 'exclude' }[];
}

/** The corrections and choices remembered rules give a document of their layout. */
export interface RememberedReading {
  corrections: EstimateCorrections;
  choices: EstimateChoiceAnswers;
}

/** Most headings or sheets a layout keeps (a workbook of hundreds of sheets is still one layout). */
const MAX_LAYOUT_PARTS = 200;

const SHEET_RE = /^##\s*sheet:\s*(.*)$/i;

/** A sheet's name or a header cell as a layout keeps it: lower case, one space, figures as `#`. */
const withoutFigures = (text: string) => normalise(text).replace(/\d+(?:[.,]\d+)*/g, '#');

interface ReadLine {
  line: number;
  /** Its text cells in lower case: without its figures, item number or code. */
  words: string;
  /** The heading above it, since the last header row or sheet (null: none). */
  heading: string | null;
  sheet: string | null;
}

/** The text's lines as the reader numbers them, each with its words, heading and sheet. */
function walk(text: string): { lines: ReadLine[]; layout: ReadingLayout } {
  const headers: string[] = [];
  const sheets: string[] = [];
  const lines: ReadLine[] = [];
  let heading: string | null = null;
  let sheet: string | null = null;
  splitPages(text).lines.forEach((raw, index) => {
    const trimmed = raw.trim();
    if (!trimmed) return;
    const sheetName = SHEET_RE.exec(trimmed);
    if (sheetName) {
      sheet = (sheetName[1] ?? '').trim() || null;
      heading = null;
      const name = withoutFigures(sheet ?? '');
      if (name && !sheets.includes(name) && sheets.length < MAX_LAYOUT_PARTS) sheets.push(name);
      return;
    }
    const row = parseRow(raw);
    if (headerOf(row, raw)) {
      const header = row.cells.map(withoutFigures).join(' | ');
      if (!headers.includes(header) && headers.length < MAX_LAYOUT_PARTS) headers.push(header);
      heading = null;
      return;
    }
    const words = normalise(row.description);
    lines.push({ line: index + 1, words, heading, sheet });
    if (row.numbers.length === 0 && row.errors === 0 && /\p{L}/u.test(words)) heading = words;
  });
  return { lines, layout: { headers, sheets } };
}

/** The document's layout, or null when it has neither column headings nor sheets to be known by. */
export function readingLayout(text: string): ReadingLayout | null {
  const { layout } = walk(text);
  return layout.headers.length === 0 && layout.sheets.length === 0 ? null : layout;
}

/** A short, stable key of a layout (two layouts with the same key are the same layout). */
export function layoutSignature(layout: ReadingLayout): string {
  const key = `h:${layout.headers.join('\n')}\ns:${layout.sheets.join('\n')}`;
  // cyrb53: a 53-bit string hash, plenty to tell a company's layouts apart.
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return `layout-v1-${hash.toString(16).padStart(14, '0')}`;
}

const sameCorrection = (a: RuleCorrection, b: RuleCorrection) => a.role === b.role && a.trade === b.trade;
const correctionOf = ({ role, trade }: RuleCorrection): RuleCorrection => ({
  ...(role ? { role } : {}),
  ...(trade ? { trade } : {}),
});

/**
 * The rules behind one estimate's corrections and choices, or null when the estimate has no layout
 * to know it by. Lines whose words are empty (figures only) give no rule.
 */
export function rulesFromCorrections(
  text: string,
  corrections: EstimateCorrections,
  choices: EstimateChoiceAnswers = {},
): ReadingRules | null {
  const { lines, layout } = walk(text);
  if (layout.headers.length === 0 && layout.sheets.length === 0) return null;
  const document = readEstimate(text, { choices });
  const amountLines = new Set((document.lines ?? []).map((l) => l.line));
  const byNumber = new Map(lines.map((l) => [l.line, l]));
  const corrected = new Map<number, RuleCorrection>();
  for (const [key, value] of Object.entries(corrections.lines ?? {})) {
    const at = byNumber.get(Number(key));
    if (at?.words && (value.role || value.trade)) corrected.set(at.line, correctionOf(value));
  }
  const priced = lines.filter((l) => amountLines.has(l.line) || corrected.has(l.line));

  // Lines by their words alone, unless other lines with the same words were read otherwise: then
  // by their words under their heading too.
  const rules: ReadingRules['lines'] = [];
  const seen = new Set<string>();
  for (const [lineNo, correction] of corrected) {
    const at = byNumber.get(lineNo);
    if (!at) continue;
    const twins = priced.filter((l) => l.words === at.words);
    const alike = twins.every((l) => {
      const other = corrected.get(l.line);
      return other !== undefined && sameCorrection(other, correction);
    });
    const rule = alike
      ? { text: at.words, ...correction }
      : { text: at.words, under: at.heading, ...correction };
    const key = JSON.stringify([rule.text, alike ? null : at.heading]);
    if (seen.has(key)) continue;
    seen.add(key);
    rules.push(rule);
  }

  // A heading every amount line under which (two or more) was corrected alike: a rule for the section.
  const sections: ReadingRules['sections'] = [];
  const headings = new Set(priced.map((l) => l.heading).filter((h): h is string => h !== null));
  for (const heading of headings) {
    const under = priced.filter((l) => l.heading === heading);
    const first = corrected.get(under[0]?.line ?? 0);
    if (under.length < 2 || !first) continue;
    if (under.every((l) => sameCorrection(corrected.get(l.line) ?? {}, first)))
      sections.push({ heading, ...first });
  }

  const sheets = Object.entries(corrections.sheets ?? {}).map(([name, as]) => ({
    name: withoutFigures(name),
    as,
  }));

  let optionsAfter: ReadingRules['optionsAfter'] = null;
  const anchor = corrections.optionsAfter != null ? byNumber.get(corrections.optionsAfter) : undefined;
  if (anchor?.words) {
    const same = lines.filter((l) => l.words === anchor.words);
    optionsAfter = { text: anchor.words, fromEnd: same.length - 1 - same.indexOf(anchor) };
  }

  const chosen: ReadingRules['choices'] = [];
  const alternates: ReadingRules['alternates'] = [];
  for (const choice of document.choices ?? []) {
    const answer = choices[choice.key];
    if (answer === undefined) continue;
    if (choice.kind === 'alternate') {
      const at = byNumber.get(Number(choice.key.slice('alternate:'.length)));
      if (at?.words && (answer === 'include' || answer === 'exclude'))
        alternates.push({ text: at.words, answer });
      continue;
    }
    const option = choice.options.find((o) => o.id === answer || o.label === answer);
    if (option) chosen.push({ key: choice.key, label: normalise(option.label) });
  }

  return { layout, lines: rules, sections, sheets, optionsAfter, choices: chosen, alternates };
}

const sameLayout = (a: ReadingLayout, b: ReadingLayout) =>
  a.headers.join('\n') === b.headers.join('\n') && a.sheets.join('\n') === b.sheets.join('\n');

/** Whether remembered rules gave a document anything at all. */
export function isEmptyReading(reading: RememberedReading): boolean {
  const c = reading.corrections;
  return (
    Object.keys(reading.choices).length === 0 &&
    Object.keys(c.lines ?? {}).length === 0 &&
    Object.keys(c.sheets ?? {}).length === 0 &&
    c.optionsAfter == null
  );
}

/**
 * The corrections and choices `rules` give this document, by its own line numbers; null when the
 * document is not of the rules' layout.
 */
export function correctionsFromRules(text: string, rules: ReadingRules): RememberedReading | null {
  const { lines, layout } = walk(text);
  if (!sameLayout(layout, rules.layout)) return null;
  const document = readEstimate(text);
  const amountLines = new Set((document.lines ?? []).map((l) => l.line));

  const corrections: EstimateCorrections = {};
  const lineCorrections: NonNullable<EstimateCorrections['lines']> = {};
  for (const at of lines) {
    if (!amountLines.has(at.line) || !at.words) continue;
    const rule =
      rules.lines.find((r) => r.text === at.words && r.under !== undefined && r.under === at.heading) ??
      rules.lines.find((r) => r.text === at.words && r.under === undefined) ??
      rules.sections.find((s) => at.heading !== null && s.heading === at.heading);
    if (rule) lineCorrections[String(at.line)] = correctionOf(rule);
  }
  if (Object.keys(lineCorrections).length > 0) corrections.lines = lineCorrections;

  const sheets: NonNullable<EstimateCorrections['sheets']> = {};
  for (const name of new Set(lines.map((l) => l.sheet).filter((s): s is string => s !== null))) {
    const rule = rules.sheets.find((s) => s.name === withoutFigures(name));
    if (rule) sheets[name] = rule.as;
  }
  if (Object.keys(sheets).length > 0) corrections.sheets = sheets;

  if (rules.optionsAfter) {
    const { text: words, fromEnd } = rules.optionsAfter;
    const same = lines.filter((l) => l.words === words);
    const anchor = same[same.length - 1 - fromEnd] ?? same[same.length - 1];
    if (anchor) corrections.optionsAfter = anchor.line;
  }

  const choices: EstimateChoiceAnswers = {};
  for (const choice of document.choices ?? []) {
    if (choice.kind === 'alternate') {
      const at = lines.find((l) => l.line === Number(choice.key.slice('alternate:'.length)));
      const rule = rules.alternates.find((a) => at && a.text === at.words);
      if (rule) choices[choice.key] = rule.answer;
      continue;
    }
    const rule = rules.choices.find((c) => c.key === choice.key);
    const option = rule && choice.options.find((o) => normalise(o.label) === rule.label);
    if (option) choices[choice.key] = option.id;
  }
  return { corrections, choices };
}

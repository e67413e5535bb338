/**
 * The review's pure parts on a builder's workbook of house models (as `POST /api/parse-pdf` reads an
 * xlsx): the reading with answers and corrections beside the lines as read, the ledger's rows, the
 * reconciliation's figures and the body "Plan this" sends; the corrections' edits; pages of a PDF.
 */
import { describe, expect, it } from 'vitest';
import { answerOf, answersBody, openChoices } from './answers';
import {
  correctionCount,
  parseTotal,
  setLineRole,
  setLineTrade,
  setOptionsAfter,
  setSheet,
  setStatedTotal,
} from './corrections';
import { ledgerRows, linePages, optionStarts } from './ledger';
import { readForReview } from './reading';
import type { ReadingOptions } from './reading-types';
import { formatPercent, reconciliationFigures } from './reconciliation';

const LINES: [string, number][] = [
  ['Foundations and slab', 24_000],
  ['Wood framing', 46_000],
  ['Roofing', 14_000],
  ['Drywall', 12_000],
  ['Covered porch upgrade', 8_000],
];
const MODELS = [
  { name: 'Aspen 1800', scale: 1 },
  { name: 'Birch 2400', scale: 1.4 },
];
const BASE = 104_000;

function workbook(): string {
  const rows = [
    '## Sheet: Summary',
    'Model\tPrice',
    ...MODELS.map((m) => `${m.name}\t${BASE * m.scale}`),
    '',
  ];
  for (const { name, scale } of MODELS) {
    rows.push(`## Sheet: ${name}`, 'Description\tQty\tUnit\tRate\tAmount');
    for (const [what, amount] of LINES) rows.push(`${what}\t1\tLS\t${amount * scale}\t${amount * scale}`);
    rows.push(`Grand Total\t\t\t\t${BASE * scale}`, '');
  }
  return rows.join('\n');
}
const TEXT = workbook();
const lineOf = (text: string, sheet: string) => {
  const all = TEXT.split('\n');
  const start = all.indexOf(`## Sheet: ${sheet}`);
  return all.findIndex((l, i) => i > start && l.startsWith(text)) + 1;
};
const PORCH = lineOf('Covered porch upgrade', 'Birch 2400');

const options = (more: Partial<ReadingOptions> = {}): ReadingOptions => ({
  projectType: 'Residential',
  fileName: 'models.xlsx',
  choices: {},
  corrections: {},
  ...more,
});

describe('the review of a workbook of models', () => {
  it('plans nothing until a model is chosen, then reconciles with its own total', () => {
    const first = readForReview(TEXT, options(), null).reading;
    const model = first.document.choices?.find((c) => c.key === 'model');
    expect(model?.options.map((o) => [o.label, o.total])).toEqual([
      ['Aspen 1800', 104_000],
      ['Birch 2400', 145_600],
    ]);
    expect(openChoices(first.document.choices ?? [], {})).toHaveLength(1);
    expect(reconciliationFigures(first.document.reconciliation)).toMatchObject({
      planned: 0,
      status: 'no-total',
    });

    const chosen = readForReview(TEXT, options({ choices: { model: 'birch-2400' } }), null).reading;
    expect(reconciliationFigures(chosen.document.reconciliation)).toMatchObject({
      planned: 145_600,
      read: 145_600,
      against: { label: 'Grand Total', value: 145_600 },
      difference: 0,
      percent: 0,
      status: 'reconciles',
    });
  });

  it('reads the corrections again with the lines as read beside them, and the total as the user reads it', () => {
    const choices = { model: 'birch-2400' };
    const base = readForReview(TEXT, options({ choices }), null);
    const asOption = setLineRole({}, PORCH, 'option');
    const corrected = readForReview(TEXT, options({ choices, corrections: asOption }), base.baseline);
    // The uncorrected reading of the same answers is not made again.
    expect(corrected.baseline).toBe(base.baseline);
    const figures = reconciliationFigures(corrected.reading.document.reconciliation);
    expect(figures).toMatchObject({ planned: 134_400, difference: 11_200, status: 'differs' });
    expect(formatPercent(figures.percent ?? 0)).toBe('7.69%');

    const rows = ledgerRows(corrected.reading, linePages(TEXT), asOption);
    const porch = rows.find((r) => r.kind === 'line' && r.asRead.line === PORCH);
    expect(porch).toMatchObject({
      role: 'option',
      line: { disposition: 'option' },
      asRead: { disposition: 'work' },
    });
    const birch = rows.find((r) => r.kind === 'sheet' && r.sheet === 'Birch 2400');
    expect(birch).toMatchObject({ lines: 6, planned: 134_400 });
    expect(rows.filter((r) => r.kind === 'sheet').map((r) => (r.kind === 'sheet' ? r.sheet : ''))).toEqual([
      'Summary',
      'Aspen 1800',
      'Birch 2400',
    ]);

    const total = setStatedTotal(asOption, 134_400);
    const stated = readForReview(TEXT, options({ choices, corrections: total }), base.baseline).reading;
    expect(reconciliationFigures(stated.document.reconciliation)).toMatchObject({
      planned: 134_400,
      against: { value: 134_400 },
      difference: 0,
      status: 'reconciles',
    });
    // The ledger keeps every line as read (the reader's "your total" line 0 is the panel's, not a row),
    // the sheet's own total among them, which the user's total replaces.
    const statedRows = ledgerRows(stated, linePages(TEXT), total).filter((r) => r.kind === 'line');
    expect(statedRows).toHaveLength(base.reading.asRead.filter((l) => l.line > 0).length);
    const grand = lineOf('Grand Total', 'Birch 2400');
    expect(statedRows.find((r) => r.kind === 'line' && r.asRead.line === grand)).toMatchObject({
      line: { disposition: 'total', reason: expect.stringMatching(/your total is compared instead$/) },
    });
  });

  it('marks where the options begin and sends the answers the generation asked', () => {
    const choices = { model: 'birch-2400' };
    const after = setOptionsAfter({}, PORCH - 1);
    const reading = readForReview(TEXT, options({ choices, corrections: after }), null).reading;
    const rows = ledgerRows(reading, linePages(TEXT), after);
    const start = rows.findIndex((r) => r.kind === 'options-start');
    expect(rows[start + 1]).toMatchObject({ kind: 'line', asRead: { line: PORCH } });
    expect(optionStarts(reading)[0]?.label).toMatch(/^Line \d+: Aspen 1800 \(Summary\)$/);

    const model = reading.document.choices ?? [];
    expect(answerOf(model[0] as (typeof model)[number], choices)).toBe('birch-2400');
    expect(
      answersBody({
        choices: model,
        answers: { ...choices, stale: 'x' },
        asked: new Set(['model']),
        corrections: after,
        matches: reading.document.reconciliation?.matches ?? null,
        remember: true,
      }),
    ).toEqual({ choices, corrections: after, acceptMismatch: true, remember: true });
  });
});

describe('the corrections as the user edits them', () => {
  it('keeps nothing empty', () => {
    let c = setLineRole({}, 12, 'option');
    c = setLineTrade(c, 12, 'roofing');
    c = setSheet(c, 'Birch copy', 'duplicate');
    c = setOptionsAfter(c, 40);
    c = setStatedTotal(c, 1000);
    expect(c).toEqual({
      lines: { '12': { role: 'option', trade: 'roofing' } },
      sheets: { 'Birch copy': 'duplicate' },
      optionsAfter: 40,
      statedTotal: 1000,
    });
    expect(correctionCount(c)).toBe(4);
    c = setLineRole(c, 12, undefined);
    c = setLineTrade(c, 12, undefined);
    c = setSheet(c, 'Birch copy', undefined);
    c = setOptionsAfter(c, null);
    c = setStatedTotal(c, null);
    expect(c).toEqual({});
  });

  it.each([
    ['134,400', 134_400],
    ['$ 134 400.50', 134_400.5],
    ['', null],
    ['0', undefined],
    ['-5', undefined],
    ['12a', undefined],
  ])('reads the total %j as %j', (text, value) => {
    expect(parseTotal(text)).toBe(value);
  });
});

describe('pages', () => {
  it('numbers each line by the form feeds before it, as the reader does', () => {
    expect(linePages('a\nb\fc\r\nd\f\fe')).toEqual([0, 0, 1, 1, 2, 3]);
  });
});

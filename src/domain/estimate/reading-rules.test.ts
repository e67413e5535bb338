import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readEstimate } from './read-estimate.js';
import {
  correctionsFromRules,
  isEmptyReading,
  layoutSignature,
  readingLayout,
  rulesFromCorrections,
} from './reading-rules.js';
import type { EstimateDocument } from './types.js';

interface Budget {
  project: string;
  date: string;
  /** [description, amount] in the table's order. */
  lines: (readonly [string, number])[];
  /** Lines under an OPTIONS heading after the total. */
  options?: (readonly [string, number])[];
  /** The TOTAL the builder writes: the work, leaving out the porch upgrade. */
  total?: number;
}

/** A builder's budget: title, project, date, a priced table, a TOTAL, maybe options under a heading. */
function budget(b: Budget): string {
  const work = b.lines.filter(([d]) => !/porch upgrade/i.test(d)).reduce((s, [, a]) => s + a, 0);
  return [
    'MAPLE RIDGE HOMES',
    `Construction budget - ${b.project}`,
    `Prepared: ${b.date}`,
    'Item\tDescription\tQty\tUnit\tAmount',
    'SITE AND STRUCTURE',
    ...b.lines.map(([d, a], i) => `${i + 1}\t${d}\t1\tLS\t${a}`),
    `TOTAL\t\t\t\t${b.total ?? work}`,
    ...(b.options ? ['OPTIONS', ...b.options.map(([d, a]) => `\t${d}\t1\tLS\t${a}`)] : []),
  ].join('\n');
}

const FIRST: Budget = {
  project: 'Lot 14, Birch Court',
  date: 'March 2, 2026',
  lines: [
    ['Site work and excavation', 12_000],
    ['Foundation', 28_000],
    ['Framing package', 64_000],
    ['Covered porch upgrade', 9_000],
    ['Timber pergola kit', 6_500],
    ['Roofing', 18_000],
  ],
};
/** The same builder's next budget: other figures, project and date, and one more line near the top. */
const SECOND: Budget = {
  project: 'Lot 9, Aspen Way',
  date: 'June 18, 2026',
  lines: [
    ['Site work and excavation', 14_500],
    ['Driveway extension', 7_250],
    ['Foundation', 31_000],
    ['Framing package', 71_400],
    ['Covered porch upgrade', 11_800],
    ['Timber pergola kit', 7_900],
    ['Roofing', 19_600],
  ],
};

const lineOf = (doc: EstimateDocument, text: string) => doc.lines?.find((l) => l.text === text)?.line ?? 0;

describe('the layout an estimate is known by', () => {
  it('is its header rows and sheet names, whatever its figures, project, date and line count', () => {
    const first = readingLayout(budget(FIRST));
    expect(first).toEqual({ headers: ['item | description | qty | unit | amount'], sheets: [] });
    expect(readingLayout(budget(SECOND))).toEqual(first);
    expect(layoutSignature(readingLayout(budget(SECOND)) ?? first ?? { headers: [], sheets: [] })).toBe(
      layoutSignature(first ?? { headers: [], sheets: [] }),
    );
  });

  it.each([
    ['other columns', budget(FIRST).replace('Item\tDescription\tQty\tUnit\tAmount', 'Description\tAmount')],
    ['another sheet', `## Sheet: Budget\n${budget(FIRST)}`],
  ])('differs with %s', (_, other) => {
    const a = readingLayout(budget(FIRST));
    const b = readingLayout(other);
    expect(b).not.toBeNull();
    expect(layoutSignature(b ?? { headers: [], sheets: [] })).not.toBe(
      layoutSignature(a ?? { headers: [], sheets: [] }),
    );
  });

  it('is none for text with no headings and no sheets: nothing can be remembered', () => {
    const bare = 'House budget\nFoundation\t28000\nFraming\t64000\nTOTAL\t92000';
    expect(readingLayout(bare)).toBeNull();
    expect(rulesFromCorrections(bare, { lines: { '2': { role: 'option' } } })).toBeNull();
  });
});

describe('rules from one estimate, read into the next of the same layout', () => {
  const firstText = budget(FIRST);
  const firstDoc = readEstimate(firstText);
  const corrections = {
    lines: {
      [lineOf(firstDoc, 'Covered porch upgrade')]: { role: 'option' as const },
      [lineOf(firstDoc, 'Timber pergola kit')]: { trade: 'framing' as const },
    },
    statedTotal: 999_999,
  };
  const rules = rulesFromCorrections(firstText, corrections);

  it('keeps the lines by their words, never the document total', () => {
    expect(rules?.lines).toEqual([
      { text: 'covered porch upgrade', role: 'option' },
      { text: 'timber pergola kit', trade: 'framing' },
    ]);
    expect(JSON.stringify(rules)).not.toContain('999999');
  });

  it('corrects the same lines of the next estimate at their own numbers, and its total then adds up', () => {
    const secondText = budget(SECOND);
    const plain = readEstimate(secondText);
    expect(plain.reconciliation?.matches).toBe(false);
    const remembered = rules && correctionsFromRules(secondText, rules);
    const porch = lineOf(plain, 'Covered porch upgrade');
    const pergola = lineOf(plain, 'Timber pergola kit');
    expect(porch).not.toBe(lineOf(firstDoc, 'Covered porch upgrade'));
    expect(remembered?.corrections).toEqual({
      lines: { [porch]: { role: 'option' }, [pergola]: { trade: 'framing' } },
    });
    const doc = readEstimate(secondText, { corrections: remembered?.corrections });
    expect(doc.reconciliation?.matches).toBe(true);
    const work = SECOND.lines.filter(([d]) => d !== 'Covered porch upgrade').reduce((s, [, a]) => s + a, 0);
    expect(doc.itemsTotal).toBe(work);
    expect(doc.items.find((i) => i.line === pergola)?.trade).toBe('framing');
  });

  it('leaves an estimate of another layout alone', () => {
    const other = budget(SECOND).replace('Item\tDescription\tQty\tUnit\tAmount', 'Description\tAmount');
    expect(rules && correctionsFromRules(other, rules)).toBeNull();
  });

  it('holds for any figures, project and extra lines (a property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1_000, max: 90_000 }), { minLength: 6, maxLength: 6 }),
        fc.array(fc.constantFrom('Gutters', 'Driveway extension', 'Fencing', 'Insulation'), {
          maxLength: 3,
        }),
        fc.string({ minLength: 1, maxLength: 20 }).filter((s) => /^[\w ,]+$/.test(s)),
        (amounts, extra, project) => {
          const lines = FIRST.lines.map(([d], i) => [d, amounts[i] ?? 1_000] as const);
          const text = budget({
            project,
            date: 'May 1, 2027',
            lines: [...extra.map((d) => [d, 2_500] as const), ...lines],
          });
          const remembered = rules && correctionsFromRules(text, rules);
          const doc = readEstimate(text);
          expect(remembered?.corrections.lines).toEqual({
            [lineOf(doc, 'Covered porch upgrade')]: { role: 'option' },
            [lineOf(doc, 'Timber pergola kit')]: { trade: 'framing' },
          });
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('rules by heading, by sheet, after a line, and by choice', () => {
  it('a section whose every line was made an option: every line under that heading next time', () => {
    const first = budget({
      ...FIRST,
      options: [
        ['Finished basement', 38_000],
        ['Three-car garage', 21_000],
      ],
    });
    const doc = readEstimate(first);
    const rules = rulesFromCorrections(first, {
      lines: {
        [lineOf(doc, 'Finished basement')]: { role: 'option' },
        [lineOf(doc, 'Three-car garage')]: { role: 'option' },
      },
    });
    expect(rules?.sections).toEqual([{ heading: 'options', role: 'option' }]);
    const next = budget({
      ...SECOND,
      options: [
        ['Home office built-ins', 6_000],
        ['Finished basement', 41_000],
        ['Screened porch', 15_000],
      ],
    });
    const nextDoc = readEstimate(next);
    const remembered = rules && correctionsFromRules(next, rules);
    expect(remembered?.corrections.lines).toEqual(
      Object.fromEntries(
        ['Home office built-ins', 'Finished basement', 'Screened porch'].map((d) => [
          lineOf(nextDoc, d),
          { role: 'option' },
        ]),
      ),
    );
  });

  it('the same words read two ways are told apart by their heading', () => {
    const text = [
      'Item\tDescription\tAmount',
      'HOUSE',
      '1\tElectrical\t20000',
      'GARAGE',
      '2\tElectrical\t3000',
      'TOTAL\t\t23000',
    ].join('\n');
    const rules = rulesFromCorrections(text, { lines: { '5': { role: 'option' } } });
    expect(rules?.lines).toEqual([{ text: 'electrical', under: 'garage', role: 'option' }]);
    const next = text.replace('20000', '22000').replace('HOUSE', 'HOUSE\n0\tPermit\t900');
    expect(rules && correctionsFromRules(next, rules)?.corrections).toEqual({
      lines: { '6': { role: 'option' } },
    });
  });

  it('a sheet that repeats another, and the options after the base total, in a workbook with more lines', () => {
    const workbook = (extra: string[]) =>
      [
        '## Sheet: Estimate',
        'Description\tAmount',
        'Foundation\t40000',
        ...extra,
        'Framing\t60000',
        'TOTAL BASE BID\t100000',
        'Deck\t8000',
        'Hot tub pad\t3000',
        '## Sheet: Summary',
        'Description\tAmount',
        'Foundation\t40000',
        'Framing\t60000',
      ].join('\n');
    const first = workbook([]);
    const rules = rulesFromCorrections(first, { sheets: { Summary: 'duplicate' }, optionsAfter: 5 });
    expect(rules?.sheets).toEqual([{ name: 'summary', as: 'duplicate' }]);
    expect(rules?.optionsAfter).toEqual({ text: 'total base bid', fromEnd: 0 });
    const next = workbook(['Siding\t12000', 'Windows\t9000']);
    expect(rules && correctionsFromRules(next, rules)?.corrections).toEqual({
      sheets: { Summary: 'duplicate' },
      optionsAfter: 7,
    });
  });

  it('a model chosen by its label, when the next workbook offers the same label', () => {
    const workbook = (plans: [string, number][]) =>
      [
        '## Sheet: Summary',
        'Model\tBase Price',
        ...plans.map(([name, total]) => `${name}\t${total * 2}`),
        ...plans.flatMap(([name, scale]) => [
          `## Sheet: ${name}`,
          'Description\tAmount',
          `Foundation\t${scale}`,
          `Framing\t${scale}`,
          `TOTAL\t${scale * 2}`,
        ]),
      ].join('\n');
    const first = workbook([
      ['Plan 1800', 30_000],
      ['Plan 2000', 33_000],
    ]);
    const chosen = readEstimate(first).choices?.find((c) => c.key === 'model')?.options[1];
    const rules = rulesFromCorrections(first, {}, { model: chosen?.id ?? '' });
    expect(rules?.choices).toEqual([{ key: 'model', label: 'plan 2000' }]);
    const next = workbook([
      ['Plan 2000', 35_000],
      ['Plan 2400', 41_000],
      ['Plan 1800', 31_000],
    ]);
    const remembered = rules && correctionsFromRules(next, rules);
    const option = readEstimate(next)
      .choices?.find((c) => c.key === 'model')
      ?.options.find((o) => o.label === 'Plan 2000');
    expect(remembered?.choices).toEqual({ model: option?.id });
    expect(readEstimate(next, { choices: remembered?.choices }).itemsTotal).toBe(70_000);
    // Without that label, nothing is chosen for the user.
    const without = workbook([
      ['Plan 2400', 41_000],
      ['Plan 1800', 31_000],
    ]);
    const none = rules && correctionsFromRules(without, rules);
    expect(none && isEmptyReading(none)).toBe(true);
  });
});

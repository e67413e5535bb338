import { describe, expect, it } from 'vitest';
import { readEstimate } from '../read-estimate.js';
import type { EstimateDocument } from '../types.js';

/**
 * An agency's summary of the bids opened for one contract: the letting's header, a ranking of
 * three bidders with their addresses, the low bidder's itemised proposal, then the two remaining
 * bidders' prices by item number.
 */
const SUMMARY = [
  'COUNTY ROADS DEPARTMENT            B I D   S U M M A R Y            PAGE  1',
  'CONTRACT NUMBER     07-1234            OVERLAY ON ELM ROAD',
  'NUMBER OF BIDDERS  3    ENGINEERS EST        90,000.00   AMOUNT OVER   4,500.00   PERCENT OVER EST 5.00',
  'TOTAL NUMBER OF WORKING DAYS     30',
  'BID RANK       BID TOTAL   BIDDER ID         BIDDER INFORMATION  (NAME/ADDRESS/LOCATION)',
  '--------      -----------  ---------         ------------------------------',
  '1           94,500.00    3            VALLEY ASPHALT            503 555-0101',
  'COMPANY            00123456',
  'P O BOX 77            FAX 503 555-0102',
  'SALEM OR  97301',
  '2           97,250.00    1            RIVERSIDE PAVING INC            541 555-0199',
  '4410 MILL STREET',
  'EUGENE OR  97401',
  '3           110,000.00    2            SUMMIT CONSTRUCTORS            360 555-0123',
  'VANCOUVER WA  98660\f07-1234',
  'L I S T   O F   S U B C O N T R A C T O R S',
  '03     STRIPE RIGHT LLC            ITEMS 3 AND 4',
  'PORTLAND OR  97205\f07-1234            C O N T R A C T   P R O P O S A L   O F   L O W   B I D D E R            PAGE  3',
  'ITEM      ITEM            UNIT OF     ESTIMATED',
  'NO.      CODE            ITEM DESCRIPTION            MEASURE     QUANTITY          BID            AMOUNT',
  '1     070010      MOBILIZATION            LS     LUMP SUM            8,000.00           8,000.00',
  '2     390130      HOT MIX ASPHALT            TON         1,000            75.00        75,000.00',
  '3     840505      THERMOPLASTIC TRAFFIC STRIPE            LF      20,000            .45         9,000.00',
  '4     850101      PAVEMENT MARKER            EA        500            5.00         2,500.00',
  '(RETROREFLECTIVE)',
  'TOTAL           94,500.00\f07-1234            S U M M A R Y   O F   R E M A I N I N G   B I D D E R S            PAGE  4',
  'ITEM|            SECOND            |            THIRD',
  '|       BID         AMOUNT      |       BID         AMOUNT',
  '1 |         9,000.00       9000.00|        12,000.00      12000.00',
  '2 |            76.00      76000.00|            85.00      85000.00',
  '3 |            .40       8000.00|            .50      10000.00',
  '4 |            8.50       4250.00|            6.00       3000.00',
  'TOT            97,250.00            110,000.00',
].join('\n');

const work = (doc: EstimateDocument) => doc.items.filter((i) => i.kind === 'work');

describe('a bid summary: a ranking of bidders, one itemised proposal, the others by item number', () => {
  it('plans the itemised (low) bid by default, never the bidders added together', () => {
    const doc = readEstimate(SUMMARY);
    expect(work(doc).map((i) => i.amount)).toEqual([8000, 75000, 9000, 2500]);
    expect(doc.itemsTotal).toBe(94500);
    expect(doc.reconciliation).toMatchObject({ matches: true });
    expect(doc.problems).toEqual([]);
  });

  it('offers every ranked bidder with its total, the itemised one by default', () => {
    const choice = readEstimate(SUMMARY).choices?.find((c) => c.key === 'bid-column');
    expect(choice?.options).toEqual([
      { id: 'valley-asphalt-company', label: 'VALLEY ASPHALT COMPANY', total: 94500 },
      { id: 'riverside-paving-inc', label: 'RIVERSIDE PAVING INC', total: 97250 },
      { id: 'summit-constructors', label: 'SUMMIT CONSTRUCTORS', total: 110000 },
    ]);
    expect(choice?.defaultOption).toBe('valley-asphalt-company');
  });

  it("puts a chosen bidder's prices on the itemised rows by item number", () => {
    const doc = readEstimate(SUMMARY, { choices: { 'bid-column': 'summit-constructors' } });
    expect(work(doc).map((i) => [i.description, i.amount])).toEqual([
      ['MOBILIZATION', 12000],
      ['HOT MIX ASPHALT', 85000],
      ['THERMOPLASTIC TRAFFIC STRIPE', 10000],
      ['PAVEMENT MARKER', 3000],
    ]);
    expect(doc.itemsTotal).toBe(110000);
    expect(doc.reconciliation?.against?.value).toBe(110000);
    expect(doc.choices?.[0]?.chosen).toBe('summit-constructors');
  });

  it('sets the ranking, the other columns and the engineer total aside; addresses and phones are no figures', () => {
    const doc = readEstimate(SUMMARY);
    const lines = doc.lines ?? [];
    expect(lines.filter((l) => l.disposition === 'work')).toHaveLength(4);
    expect(lines.find((l) => /Engineer/.test(l.text))).toMatchObject({
      amount: 90000,
      disposition: 'other-bidder',
    });
    const others = lines.filter((l) => l.disposition === 'other-bidder' && /^Item/.test(l.text));
    expect(others).toHaveLength(8);
    expect(lines.some((l) => [97301, 97205, 123456, 30].includes(l.amount ?? -1))).toBe(false);
    expect(doc.reconciliation?.excludedTotal).toBeGreaterThan(0);
  });
});

describe('contact lines', () => {
  it('reads no postal code, box, phone or fax as an amount', () => {
    const doc = readEstimate(
      [
        'Harbor Masonry LLC',
        'PO Box 4410',
        'Austin, TX 78701-1234',
        'Tel (512) 555-0188   Fax 512.555.0189',
        'Description  Qty  Unit  Unit Cost  Amount',
        'CMU wall  1,200  SF  14.00  16,800.00',
        'Total  16,800.00',
      ].join('\n'),
    );
    expect(doc.items.map((i) => i.amount)).toEqual([16800]);
    expect(doc.reconciliation?.matches).toBe(true);
  });

  it('still reads a unit that spells like a state (AL allowance, MO month)', () => {
    const doc = readEstimate(['Testing allowance  AL  15000', 'Site trailer  MO  12  850  10200'].join('\n'));
    expect(doc.items.map((i) => i.amount)).toEqual([15000, 10200]);
  });
});

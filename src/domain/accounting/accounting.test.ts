import { describe, expect, it } from 'vitest';
import {
  type AccountingNames,
  centsText,
  dayText,
  defaultCustomerJob,
  IIF_SPL_HEADER,
  IIF_TRNS_HEADER,
  inPeriod,
  nextInvoiceNumber,
  numericToCents,
  prepareExport,
  QBO_BILLS_HEADER,
  type SourceBill,
  type SourceInvoice,
  type SourceJob,
  writeIifCustomers,
  writeIifTransactions,
  writeQboBills,
  writeQboCustomers,
  writeXeroBills,
  XERO_BILLS_HEADER,
} from './index.js';

describe('amounts and days', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [12345, '123.45'],
    [-12345, '-123.45'],
    [-5, '-0.05'],
    [100, '1.00'],
    [999_999_999_999_999, '9999999999999.99'],
  ])('%i cents is %s', (cents, text) => {
    expect(centsText(cents)).toBe(text);
  });

  it('refuses a fraction of a cent', () => {
    expect(() => centsText(1.5)).toThrow(RangeError);
  });

  it.each([
    ['12345.67', 1234567],
    ['0', 0],
    ['0.5', 50],
    ['-3.05', -305],
    ['500000.00', 50_000_000],
  ])('numeric %s is %i cents', (text, cents) => {
    expect(numericToCents(text)).toBe(cents);
  });

  it.each([
    ['2026-03-07', 'mdy', '03/07/2026'],
    ['2026-03-07', 'dmy', '07/03/2026'],
    ['2026-12-31', 'mdy', '12/31/2026'],
  ] as const)('%s in %s order is %s', (day, order, text) => {
    expect(dayText(day, order)).toBe(text);
  });

  it('numbers invoices after the highest taken', () => {
    expect(nextInvoiceNumber([])).toBe('INV-001');
    expect(nextInvoiceNumber(['INV-001', 'INV-009', 'other'])).toBe('INV-010');
    expect(nextInvoiceNumber(['INV-999'])).toBe('INV-1000');
  });

  it('keeps rows within the period, either end open', () => {
    const days = ['2026-01-01', '2026-02-01', '2026-03-01'];
    expect(inPeriod(days, (d) => d, '2026-02-01')).toEqual(['2026-02-01', '2026-03-01']);
    expect(inPeriod(days, (d) => d, undefined, '2026-02-01')).toEqual(['2026-01-01', '2026-02-01']);
  });
});

// ---------------------------------------------------------------- fixture data

const jobs: SourceJob[] = [
  { projectId: 1, name: 'Kitchen remodel', client: 'Smith', siteAddress: '12 Oak St, Springfield' },
  { projectId: 2, name: 'Garage', client: 'Jones: Family', siteAddress: null },
];
const bills: SourceBill[] = [
  {
    id: 10,
    projectId: 1,
    number: 'B-1001',
    entryDate: '2026-03-02',
    dueDate: '2026-04-01',
    vendorContactId: 7,
    vendorName: 'Acme Lumber',
    memo: 'March delivery',
    lines: [
      { costCodeId: 100, description: 'Studs, 2x4', amountCents: 123456 },
      { costCodeId: 200, description: '=HYPERLINK("x")', amountCents: 1 },
    ],
  },
  {
    id: 11,
    projectId: 2,
    number: null,
    entryDate: '2026-03-05',
    dueDate: null,
    vendorContactId: 8,
    vendorName: 'Sparky "Electric"',
    memo: '',
    lines: [{ costCodeId: 300, description: 'Rough-in', amountCents: 50000 }],
  },
  {
    id: 12,
    projectId: 1,
    number: 'B-77',
    entryDate: '2026-03-09',
    dueDate: null,
    vendorContactId: 7,
    vendorName: 'Acme Lumber',
    memo: '',
    lines: [
      { costCodeId: 100, description: 'More studs', amountCents: 1000 },
      { costCodeId: null, description: 'Delivery', amountCents: 2500 },
    ],
  },
];
const invoices: SourceInvoice[] = [
  {
    projectId: 1,
    number: 'INV-001',
    invoiceDate: '2026-03-10',
    dueDate: '2026-04-09',
    memo: 'Draw 1',
    lines: [
      { costCodeId: 100, description: 'Framing, 50%', amountCents: 1_000_000 },
      { costCodeId: null, description: 'Permit', amountCents: 35_099 },
    ],
  },
];
const names: AccountingNames = {
  apAccount: 'Accounts Payable',
  arAccount: 'Accounts Receivable',
  incomeAccount: 'Construction Income',
  xeroTaxType: 'Tax Exempt',
  xeroTrackingName: 'Job',
  costCodes: new Map([
    [
      100,
      { code: '1000', name: 'Framing', account: 'Job Costs:Framing', accountCode: '510', item: 'Framing' },
    ],
    [200, { code: '2000', name: 'Finishes', account: 'Job Costs:Finishes', accountCode: '520', item: null }],
    [
      300,
      { code: '3000', name: 'Electrical', account: 'Job Costs:Electrical', accountCode: null, item: null },
    ],
  ]),
  jobs: new Map([[1, 'Smith:Kitchen']]),
  vendors: new Map([[7, 'Acme Lumber Co.']]),
};
const source = { bills, invoices, jobs };

/** An IIF file's rows as cells, by kind. */
function iifRows(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.includes('\n') && text.split('\r\n').every((l) => !l.includes('\n'))).toBe(true);
  return text
    .split('\r\n')
    .filter((l) => l !== '')
    .map((l) => l.split('\t'));
}

/** Minimal RFC 4180 reader for the tests: rows of cells. */
function readCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.slice(1);
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  expect(row).toEqual([]);
  return rows;
}

describe('QuickBooks Desktop IIF', () => {
  const prepared = prepareExport('iif', source, names);
  const text = writeIifTransactions(prepared.bills, prepared.invoices, names);
  const rows = iifRows(text);

  it('starts with the three header rows, tab-separated', () => {
    expect(rows[0]).toEqual(IIF_TRNS_HEADER);
    expect(rows[1]).toEqual(IIF_SPL_HEADER);
    expect(rows[2]).toEqual(['!ENDTRNS']);
  });

  it('writes each transaction as TRNS, its SPLs and ENDTRNS, the amounts summing to zero to the cent', () => {
    const transactions: string[][][] = [];
    let current: string[][] = [];
    for (const cells of rows.slice(3)) {
      if (cells[0] === 'ENDTRNS') {
        transactions.push(current);
        current = [];
      } else current.push(cells);
    }
    expect(current).toEqual([]);
    expect(transactions).toHaveLength(3); // two bills (one left out), one invoice
    const amount = IIF_TRNS_HEADER.indexOf('AMOUNT');
    for (const t of transactions) {
      expect(t[0]?.[0]).toBe('TRNS');
      expect(t.slice(1).every((c) => c[0] === 'SPL')).toBe(true);
      expect(t.every((c) => c.length === IIF_TRNS_HEADER.length)).toBe(true);
      const cents = t.map((c) => numericToCents(c[amount] ?? ''));
      expect(cents.reduce((a, b) => a + b, 0)).toBe(0);
    }
  });

  it('puts a bill on A/P negative and its expense splits positive, on the job, MM/DD/YYYY', () => {
    const bill = rows.slice(3, 6);
    expect(bill[0]).toEqual([
      'TRNS',
      '',
      'BILL',
      '03/02/2026',
      'Accounts Payable',
      'Acme Lumber Co.',
      '-1234.57',
      'B-1001',
      'March delivery',
      '04/01/2026',
    ]);
    expect(bill[1]).toEqual([
      'SPL',
      '',
      'BILL',
      '03/02/2026',
      'Job Costs:Framing',
      'Smith:Kitchen',
      '1234.56',
      'B-1001',
      'Studs, 2x4',
      '',
    ]);
    expect(bill[2]?.[6]).toBe('0.01');
  });

  it('puts an invoice on A/R positive and its income splits negative, with the mapped item', () => {
    const start = rows.findIndex((c) => c[0] === 'TRNS' && c[2] === 'INVOICE');
    expect(rows[start]).toEqual([
      'TRNS',
      '',
      'INVOICE',
      '03/10/2026',
      'Accounts Receivable',
      'Smith:Kitchen',
      '10350.99',
      'INV-001',
      'Draw 1',
      '04/09/2026',
    ]);
    expect(rows[start + 1]?.slice(4, 10)).toEqual([
      'Construction Income',
      'Smith:Kitchen',
      '-10000.00',
      'INV-001',
      'Framing, 50%',
      'Framing',
    ]);
    expect(rows[start + 2]?.[9]).toBe('');
  });

  it('leaves out the bill with a line on no cost code, and lists it and the code', () => {
    expect(prepared.check.leftOut).toEqual([
      { kind: 'bill', projectId: 1, number: 'B-77', reason: 'No account for a line without a cost code' },
    ]);
    expect(prepared.check.unmapped.costCodes).toEqual([{ costCodeId: null, code: '', name: 'No cost code' }]);
    expect(prepared.check.written).toBe(3);
  });

  it('writes unmapped vendors and jobs under their own names and lists them', () => {
    expect(prepared.check.unmapped.vendors).toEqual([{ contactId: 8, usedName: 'Sparky "Electric"' }]);
    expect(prepared.check.unmapped.jobs).toEqual([{ projectId: 2, usedName: 'Jones- Family:Garage' }]);
    // A bill without a vendor's number is written under the product's own reference; quotes do not reach IIF.
    const second = rows.find((c) => c[0] === 'TRNS' && c[7] === 'BILL-11');
    expect(second?.[5]).toBe("Sparky 'Electric'");
    expect(second?.[9]).toBe('03/05/2026'); // no due date: the bill's own
  });

  it('keeps tabs and line breaks out of every field', () => {
    const odd = prepareExport(
      'iif',
      {
        bills: [
          {
            ...bills[0],
            memo: 'two\tparts\r\nand lines',
            lines: [{ costCodeId: 100, description: 'a\tb', amountCents: 5 }],
          } as SourceBill,
        ],
        invoices: [],
        jobs,
      },
      names,
    );
    const cells = iifRows(writeIifTransactions(odd.bills, [], names));
    expect(cells[3]?.[8]).toBe('two parts and lines');
    expect(cells[4]?.[8]).toBe('a b');
  });

  it('lists customers before their jobs, each once', () => {
    const customers = prepareExport('iif-customers', source, names).customers;
    const cust = iifRows(writeIifCustomers(customers));
    expect(cust.map((c) => c.slice(0, 2))).toEqual([
      ['!CUST', 'NAME'],
      ['CUST', 'Smith'],
      ['CUST', 'Smith:Kitchen'],
      ['CUST', 'Jones- Family'],
      ['CUST', 'Jones- Family:Garage'],
    ]);
    expect(defaultCustomerJob({ client: '', name: 'Solo' })).toBe('Solo');
  });
});

describe('QuickBooks Online CSV', () => {
  it('writes one row per bill line with the documented columns, guarding formulas', () => {
    const prepared = prepareExport('qbo-bills', source, names);
    const rows = readCsv(writeQboBills(prepared.bills));
    expect(rows[0]).toEqual([...QBO_BILLS_HEADER]);
    expect(rows.slice(1)).toEqual([
      [
        'B-1001',
        'Acme Lumber Co.',
        '03/02/2026',
        '04/01/2026',
        'March delivery',
        'Job Costs:Framing',
        'Studs, 2x4',
        '1234.56',
        'Smith:Kitchen',
      ],
      [
        'B-1001',
        'Acme Lumber Co.',
        '03/02/2026',
        '04/01/2026',
        'March delivery',
        'Job Costs:Finishes',
        `'=HYPERLINK("x")`,
        '0.01',
        'Smith:Kitchen',
      ],
      [
        'BILL-11',
        'Sparky "Electric"',
        '03/05/2026',
        '03/05/2026',
        '',
        'Job Costs:Electrical',
        'Rough-in',
        '500.00',
        'Jones- Family:Garage',
      ],
    ]);
    // The file's amounts add up to the bills' lines written, to the cent.
    const total = rows.slice(1).reduce((s, r) => s + numericToCents(r[7] ?? ''), 0);
    expect(total).toBe(123456 + 1 + 50000);
  });

  it('writes customers by their Customer:Job', () => {
    const rows = readCsv(writeQboCustomers(prepareExport('qbo-customers', source, names).customers));
    expect(rows).toEqual([
      ['Name', 'Company', 'Street', 'Notes'],
      ['Smith:Kitchen', 'Smith', '12 Oak St, Springfield', 'Kitchen remodel'],
      ['Jones- Family:Garage', 'Jones: Family', '', 'Garage'],
    ]);
  });
});

describe('Xero bill CSV', () => {
  const prepared = prepareExport('xero-bills', source, names);

  it("keeps Xero's header spelling and writes the job as the tracking option", () => {
    const rows = readCsv(
      writeXeroBills(prepared.bills, { taxType: 'Tax Exempt', trackingName: 'Job', dateOrder: 'dmy' }),
    );
    expect(rows[0]).toEqual([...XERO_BILLS_HEADER]);
    expect(rows[1]).toEqual([
      'Acme Lumber Co.',
      'B-1001',
      'March delivery',
      '02/03/2026',
      '01/04/2026',
      'Studs, 2x4',
      '1',
      '1234.56',
      '510',
      'Tax Exempt',
      'Job',
      'Smith:Kitchen',
    ]);
    // Every required column is filled on every row.
    const required = XERO_BILLS_HEADER.map((h, i) => (h.startsWith('*') ? i : -1)).filter((i) => i >= 0);
    for (const row of rows.slice(1))
      for (const i of required) expect(row[i], XERO_BILLS_HEADER[i]).not.toBe('');
  });

  it('leaves out a bill whose cost code has no account code, and lists the code', () => {
    expect(prepared.check.leftOut.map((l) => l.number)).toEqual(['BILL-11', 'B-77']);
    expect(prepared.check.unmapped.costCodes).toEqual([
      { costCodeId: 300, code: '3000', name: 'Electrical' },
      { costCodeId: null, code: '', name: 'No cost code' },
    ]);
    expect(prepared.bills).toHaveLength(1);
  });
});

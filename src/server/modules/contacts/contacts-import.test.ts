import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactDto } from '../../../contracts/contacts.js';
import type { ContactImportDto } from '../../../contracts/contacts-import.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { multipartBody } from '../documents/documents.test-support.js';

let t: TestApp;
let owner: Agent;
let other: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'Export Co' });
  await other.signUpWithCompany({ company: 'Import Co' });
});
afterAll(async () => {
  await t.close();
});

async function importFile(
  agent: Agent,
  name: string,
  content: string | Uint8Array,
  fields: Record<string, string> = {},
) {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const { payload, contentType } = await multipartBody([{ name, content: bytes }], fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/contacts/import',
    headers: { cookie: `sid=${agent.sessionCookie ?? ''}`, 'content-type': contentType },
    payload,
  });
}

async function imported(
  agent: Agent,
  name: string,
  content: string | Uint8Array,
  fields: Record<string, string> = {},
) {
  const res = await importFile(agent, name, content, fields);
  expect(res.statusCode, res.body).toBe(200);
  return json<ContactImportDto>(res);
}

const list = async (agent: Agent) => json<ContactDto[]>(await agent.get('/api/contacts'));

/** A contact's fields without what the server gives it. */
const fieldsOf = ({ id: _id, createdAt: _c, createdBy: _b, ...rest }: ContactDto) => rest;

const TRADE_LIST = [
  'Full Name,Company Name,E-mail,Phone Number,Category,Trade,License #,Rating',
  'Ana Ruiz,Ruiz Electric,ana@ruiz.example,303-555-0101,Subcontractor,"Electrical; Low voltage",C-10 #884512,4.5',
  ',No Name Co,noname@example.com,,Vendor,,,',
  'Bo Chen,Chen Supply,not-an-email,,Supplier,Lumber,,',
  'Cara Diaz,,cara@example.com,,Landlord,,,',
  'Dan Eke,Eke Masonry,dan@eke.example,,Sub,Masonry,yes,7',
  '',
  'ana ruiz,Ruiz Electric,ANA@ruiz.example,,Subcontractor,,,',
  'Eve Fox,Fox Design,eve@fox.example,,Architects,Ignored trade,Yes,5',
  'Gus Hale,Hale Homes,gus@hale.example,,,,,',
].join('\n');

describe('import preview and commit', () => {
  it('guesses the columns, tells new, invalid and duplicate rows, and writes nothing on preview', async () => {
    const before = await list(owner);
    await owner.post('/api/contacts', { name: 'Gus Hale', email: 'GUS@hale.example', type: 'client' });
    const preview = await imported(owner, 'trades.csv', TRADE_LIST);
    expect(preview.mode).toBe('preview');
    expect(preview.fileName).toBe('trades.csv');
    expect(preview.columns).toEqual([
      'Full Name',
      'Company Name',
      'E-mail',
      'Phone Number',
      'Category',
      'Trade',
      'License #',
      'Rating',
    ]);
    expect(preview.mapping).toEqual({
      columns: {
        name: 0,
        company: 1,
        email: 2,
        phone: 3,
        type: 4,
        specialties: 5,
        licensed: 6,
        rating: 7,
        notes: null,
      },
      defaultType: 'client',
    });
    const byLine = Object.fromEntries(preview.rows.map((r) => [r.line, r]));
    expect(preview.rows.map((r) => [r.line, r.status])).toEqual([
      [2, 'new'],
      [3, 'invalid'],
      [4, 'invalid'],
      [5, 'invalid'],
      [6, 'invalid'],
      [8, 'duplicate'],
      [9, 'new'],
      [10, 'duplicate'],
    ]);
    expect(byLine[2]).toMatchObject({ type: 'subcontractor', errors: {}, values: { name: 'Ana Ruiz' } });
    expect(byLine[3]?.errors).toEqual({ name: 'Name is required' });
    expect(byLine[4]).toMatchObject({ type: 'vendor', errors: { email: 'Invalid email address' } });
    expect(byLine[5]).toMatchObject({
      type: null,
      errors: { type: '"Landlord" is not a contact type: use client, subcontractor, vendor or architect' },
    });
    expect(byLine[6]?.errors).toEqual({ rating: 'Rating must be between 1 and 5' });
    expect(byLine[8]?.reason).toBe('Same as row 2');
    // An architect's rating, trades and licence are not read: they cannot make the row invalid.
    expect(byLine[9]).toMatchObject({ type: 'architect', errors: {} });
    expect(byLine[10]).toMatchObject({ type: 'client', reason: 'Already in your contacts' });
    expect(preview.summary).toEqual({ rows: 8, new: 2, invalid: 4, duplicate: 2, created: 0 });
    expect((await list(owner)).length).toBe(before.length + 1);

    const commit = await imported(owner, 'trades.csv', TRADE_LIST, { mode: 'commit' });
    expect(commit.summary).toEqual({ rows: 8, new: 2, invalid: 4, duplicate: 2, created: 2 });
    const after = await list(owner);
    expect(after.length).toBe(before.length + 3);
    expect(after.find((c) => c.name === 'Ana Ruiz')).toMatchObject({
      company: 'Ruiz Electric',
      phone: '303-555-0101',
      type: 'subcontractor',
      specialties: ['Electrical', 'Low voltage'],
      licensed: true,
      rating: 4.5,
      notes: 'License: C-10 #884512',
    });
    expect(after.find((c) => c.name === 'Eve Fox')).toMatchObject({
      type: 'architect',
      rating: null,
      licensed: false,
      specialties: [],
      notes: null,
    });
    // The same file again: everything valid is now a duplicate.
    const again = await imported(owner, 'trades.csv', TRADE_LIST, { mode: 'commit' });
    expect(again.summary).toMatchObject({ new: 0, duplicate: 4, created: 0 });
    expect((await list(owner)).length).toBe(after.length);
  });

  it('reads the columns and the default type the user chose', async () => {
    const csv = 'Who;Reach;Sort\nIvy Jones;ivy@jones.example;\nJon Kim;jon@kim.example;vendor\n';
    const mapping = JSON.stringify({ columns: { name: 0, email: 1, type: 2 }, defaultType: 'subcontractor' });
    const preview = await imported(owner, 'semi.csv', csv, { mapping });
    expect(preview.columns).toEqual(['Who', 'Reach', 'Sort']);
    expect(preview.rows.map((r) => [r.values.name, r.type, r.status])).toEqual([
      ['Ivy Jones', 'subcontractor', 'new'],
      ['Jon Kim', 'vendor', 'new'],
    ]);
    // Without a mapping nothing names the columns: every row lacks its name and email.
    const guessed = await imported(owner, 'semi.csv', csv);
    expect(guessed.mapping.columns).toMatchObject({ name: null, email: null, type: null });
    expect(guessed.rows.every((r) => r.status === 'invalid')).toBe(true);
  });

  it('refuses a bad mode or mapping, other files than CSV and .xlsx, and too many rows, writing nothing', async () => {
    const before = (await list(owner)).length;
    const csv = 'Name,Email\nKai Lee,kai@lee.example\n';
    const refused = async (
      name: string,
      content: string | Uint8Array,
      fields: Record<string, string>,
      status: number,
      message: string | RegExp,
    ) => {
      const res = await importFile(owner, name, content, { mode: 'commit', ...fields });
      expect(res.statusCode, res.body).toBe(status);
      expect(json(res).message).toMatch(message);
    };
    await refused('a.csv', csv, { mode: 'save' }, 400, 'Mode must be preview or commit');
    await refused('a.csv', csv, { mapping: '{' }, 400, 'The mapping must be JSON');
    await refused(
      'a.csv',
      csv,
      { mapping: '{"columns":{"name":"A"}}' },
      400,
      'A column is chosen by its number',
    );
    await refused('a.csv', csv, { mapping: '{"columns":{"name":5}}' }, 400, 'The file has no column 6');
    await refused(
      'a.csv',
      csv,
      { mapping: '{"columns":{},"defaultType":"boss"}' },
      400,
      'Choose a contact type',
    );
    await refused('a.csv', '', {}, 400, 'The file is empty');
    await refused('a.csv', '\n \n', {}, 400, 'The file has no rows');
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...Buffer.alloc(600)]);
    await refused('old.xls', ole, {}, 415, /Save the spreadsheet as \.xlsx/);
    await refused(
      'photo.png',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
      {},
      415,
      'Import a CSV file or an Excel workbook (.xlsx)',
    );
    const huge = `Name,Email\n${'A,a@example.com\n'.repeat(5001)}`;
    await refused('huge.csv', huge, {}, 413, /at most 5000/);
    const json415 = await owner.post('/api/contacts/import', { mode: 'commit' });
    expect(json415.statusCode).toBe(415);
    const fieldsOnly = await multipartBody([], { mode: 'commit' });
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/contacts/import',
      headers: { cookie: `sid=${owner.sessionCookie ?? ''}`, 'content-type': fieldsOnly.contentType },
      payload: fieldsOnly.payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect((await list(owner)).length).toBe(before);
  });

  it('reads the first sheet of an .xlsx workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Vendors');
    sheet.addRow(['Name', 'Company', 'Email', 'Type', 'Specialty']);
    sheet.addRow(['Lena Ortiz', 'Mile High Lumber', 'lena@milehigh.example', 'Vendor', 'Lumber, Trusses']);
    sheet.addRow([]);
    sheet.addRow([
      'Max Neu',
      null,
      { text: 'max@neu.example', hyperlink: 'mailto:max@neu.example' },
      'Client',
      null,
    ]);
    workbook.addWorksheet('Notes').addRow(['Not read']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const preview = await imported(other, 'vendors.xlsx', bytes);
    expect(preview.columns).toEqual(['Name', 'Company', 'Email', 'Type', 'Specialty']);
    expect(preview.rows.map((r) => [r.line, r.values.name, r.values.email, r.type, r.status])).toEqual([
      [2, 'Lena Ortiz', 'lena@milehigh.example', 'vendor', 'new'],
      [4, 'Max Neu', 'max@neu.example', 'client', 'new'],
    ]);
  });
});

// `other` has only previewed imports so far: it has no contacts until the round trip below.
describe('export', () => {
  it('answers an empty list with the header row only', async () => {
    const res = await other.get('/api/contacts/export.csv');
    expect(res.body).toBe('\uFEFFName,Company,Email,Phone,Type,Specialties,Licensed,Rating,Notes\r\n');
  });

  it('answers every contact as CSV that imports back as it was into another company', async () => {
    const mine = async (body: Record<string, unknown>) => {
      const res = await owner.post('/api/contacts', body);
      expect(res.statusCode, res.body).toBe(201);
    };
    await mine({
      name: 'Quinn "Q" Rowe',
      company: 'Rowe, Rowe & Sons',
      email: 'quinn@rowe.example',
      phone: '+1 303 555 0199',
      type: 'subcontractor',
      rating: 3.8,
      licensed: true,
      specialties: ['Roofing', 'Gutters'],
      notes: 'Line one\nLine two, with a comma',
    });
    await mine({ name: '=HYPERLINK("x")', email: 'formula@example.com', type: 'vendor', notes: '@risk' });
    await mine({
      name: 'Tom Becker',
      company: 'Becker Architects',
      email: 'tom@becker.example',
      type: 'architect',
    });

    const res = await owner.get('/api/contacts/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('filename="contacts.csv"');
    const csv = res.body;
    expect(csv.startsWith('\uFEFFName,Company,Email,Phone,Type,Specialties,Licensed,Rating,Notes\r\n')).toBe(
      true,
    );
    expect(csv).toContain(
      '"Quinn ""Q"" Rowe","Rowe, Rowe & Sons",quinn@rowe.example,\'+1 303 555 0199,Subcontractor,Roofing; Gutters,Yes,3.8,"Line one\nLine two, with a comma"\r\n',
    );
    expect(csv).toContain('"\'=HYPERLINK(""x"")",,formula@example.com,,Vendor,,,,\'@risk\r\n');
    expect(csv).toContain('Tom Becker,Becker Architects,tom@becker.example,,Architect,,,,\r\n');

    const source = await list(owner);
    const commit = await imported(other, 'contacts.csv', csv, { mode: 'commit' });
    expect(commit.summary).toMatchObject({ invalid: 0, duplicate: 0, created: source.length });
    expect((await list(other)).map(fieldsOf)).toEqual(source.map(fieldsOf));
    // Imported again, every row is already there.
    const again = await imported(other, 'contacts.csv', csv);
    expect(again.summary).toMatchObject({ new: 0, duplicate: source.length });
  });
});

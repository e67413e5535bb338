import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactDto } from '../../../contracts/contacts.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

let t: TestApp;
let owner: Agent;
let other: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'First Co' });
  await other.signUpWithCompany({ company: 'Second Co' });
});
afterAll(async () => {
  await t.close();
});

const plumber = {
  name: 'Dave Kowalski',
  company: 'Front Range Plumbing',
  email: 'dave@frontrange.example',
  phone: '303-555-0177',
  type: 'subcontractor',
  rating: 4.5,
  licensed: true,
  specialties: ['Plumbing', 'Gas lines'],
  notes: 'Prefers texts',
};

async function create(agent: Agent, body: Record<string, unknown>): Promise<ContactDto> {
  const res = await agent.post('/api/contacts', body);
  expect(res.statusCode, res.body).toBe(201);
  return json<ContactDto>(res);
}

const list = async (agent: Agent) => json<ContactDto[]>(await agent.get('/api/contacts'));

describe('creating contacts', () => {
  it('creates a subcontractor with its trade fields, lists it and groups it by type', async () => {
    const created = await create(owner, plumber);
    expect(created).toMatchObject({
      ...plumber,
      specialty: 'Plumbing',
      createdBy: expect.any(String),
    });
    expect(Object.keys(created).sort()).toEqual(
      [
        'company',
        'createdAt',
        'createdBy',
        'email',
        'id',
        'licensed',
        'name',
        'notes',
        'phone',
        'rating',
        'specialties',
        'specialty',
        'type',
      ].sort(),
    );
    expect((await list(owner)).map((c) => c.id)).toContain(created.id);
    const client = await create(owner, { name: 'Rosa Alvarez', email: 'rosa@example.com', type: 'client' });
    const groups = json<Record<string, ContactDto[]>>(await owner.get('/api/contacts/by-type'));
    expect(Object.keys(groups).sort()).toEqual(['architects', 'clients', 'subcontractors', 'vendors']);
    expect(groups.subcontractors?.map((c) => c.id)).toContain(created.id);
    expect(groups.clients?.map((c) => c.id)).toContain(client.id);
    expect(groups.vendors?.map((c) => c.id)).not.toContain(created.id);
  });

  it('answers the form messages for bad input and writes nothing', async () => {
    const before = (await list(owner)).length;
    const bad = await owner.post('/api/contacts', { name: '  ', email: 'not-an-email', type: 'friend' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toMatchObject({
      name: 'Name is required',
      email: 'Invalid email address',
      type: 'Choose a contact type',
    });
    const rating = (value: unknown) =>
      owner.post('/api/contacts', { ...plumber, name: `Rated ${String(value)}`, rating: value });
    for (const [value, message] of [
      [0.9, 'Rating must be between 1 and 5'],
      [5.1, 'Rating must be between 1 and 5'],
      [4.55, 'Rating must be in steps of 0.1'],
      ['abc', 'Rating must be between 1 and 5'],
    ] as const) {
      const res = await rating(value);
      expect(res.statusCode, String(value)).toBe(400);
      expect(json(res).errors).toEqual({ rating: message });
    }
    expect((await owner.post('/api/contacts', { ...plumber, licensed: 'yes' })).statusCode).toBe(400);
    expect((await owner.post('/api/contacts', { ...plumber, specialties: 'Plumbing' })).statusCode).toBe(400);
    expect((await list(owner)).length).toBe(before);
  });

  it('takes a rating in tenths, as a number or as text, and an empty one as none', async () => {
    expect((await create(owner, { ...plumber, rating: '3.7' })).rating).toBe(3.7);
    expect((await create(owner, { ...plumber, rating: 1 })).rating).toBe(1);
    expect((await create(owner, { ...plumber, rating: '' })).rating).toBeNull();
    expect((await create(owner, { ...plumber, rating: undefined })).rating).toBeNull();
  });
});

describe('fields that belong to a type', () => {
  it('clears rating, trades and licensed for clients and architects, licensed for vendors', async () => {
    const trades = { rating: 4, licensed: true, specialty: 'Framing', specialties: ['Drywall'] };
    for (const type of ['client', 'architect'] as const) {
      const c = await create(owner, { name: `A ${type}`, email: `${type}@example.com`, type, ...trades });
      expect(c).toMatchObject({ rating: null, licensed: false, specialty: null, specialties: [] });
    }
    const vendor = await create(owner, {
      name: 'Lena Ortiz',
      email: 'lena@example.com',
      type: 'vendor',
      ...trades,
    });
    expect(vendor).toMatchObject({
      rating: 4,
      licensed: false,
      specialty: 'Framing',
      specialties: ['Framing', 'Drywall'],
    });
  });

  it('keeps the trades list and its main trade in step, split at commas and semicolons, each once', async () => {
    const c = await create(owner, {
      ...plumber,
      specialty: 'HVAC',
      specialties: ['Plumbing, Gas lines', 'hvac', ' Boilers ; Plumbing', ''],
    });
    expect(c).toMatchObject({ specialty: 'HVAC', specialties: ['HVAC', 'Plumbing', 'Gas lines', 'Boilers'] });
    const edited = json<ContactDto>(await owner.put(`/api/contacts/${c.id}`, { specialties: ['Tile'] }));
    expect(edited).toMatchObject({ specialty: 'Tile', specialties: ['Tile'] });
    const tooMany = Array.from({ length: 21 }, (_, i) => `Trade ${i}`);
    expect((await owner.put(`/api/contacts/${c.id}`, { specialties: tooMany })).statusCode).toBe(400);
  });

  it('clears the trade fields when an edit changes the type, and keeps the rest', async () => {
    const c = await create(owner, plumber);
    const asVendor = json<ContactDto>(await owner.put(`/api/contacts/${c.id}`, { type: 'vendor' }));
    expect(asVendor).toMatchObject({ type: 'vendor', licensed: false, rating: 4.5, specialty: 'Plumbing' });
    const asClient = json<ContactDto>(
      await owner.put(`/api/contacts/${c.id}`, { type: 'client', rating: 3 }),
    );
    expect(asClient).toMatchObject({
      type: 'client',
      rating: null,
      specialty: null,
      specialties: [],
      name: plumber.name,
      email: plumber.email,
      notes: plumber.notes,
    });
  });
});

describe('editing contacts', () => {
  it('updates any fields; the rating in whole stars or none', async () => {
    const c = await create(owner, plumber);
    const res = await owner.put(`/api/contacts/${c.id}`, {
      name: 'David Kowalski',
      phone: '',
      rating: 3,
      notes: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      name: 'David Kowalski',
      phone: null,
      rating: 3,
      notes: null,
      email: plumber.email,
      licensed: true,
    });
    const half = await owner.put(`/api/contacts/${c.id}`, { rating: 3.5 });
    expect(half.statusCode).toBe(400);
    expect(json(half).errors).toEqual({ rating: 'Rating must be whole stars from 1 to 5' });
    expect((await owner.put(`/api/contacts/${c.id}`, { rating: 6 })).statusCode).toBe(400);
    expect(json(await owner.put(`/api/contacts/${c.id}`, { rating: null })).rating).toBeNull();
    // An edit that does not touch the rating keeps one given in tenths.
    const tenths = await create(owner, { ...plumber, rating: 4.2 });
    expect(json(await owner.put(`/api/contacts/${tenths.id}`, { name: 'Renamed' })).rating).toBe(4.2);
  });

  it('refuses an empty edit, bad fields, a malformed id and a missing contact', async () => {
    const c = await create(owner, plumber);
    const empty = await owner.put(`/api/contacts/${c.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(json(empty).message).toBe('Nothing to update');
    const bad = await owner.put(`/api/contacts/${c.id}`, { name: '', email: 'x@', type: 'boss' });
    expect(json(bad).errors).toMatchObject({
      name: 'Name is required',
      email: 'Invalid email address',
      type: 'Choose a contact type',
    });
    expect((await owner.put('/api/contacts/abc', { name: 'X' })).statusCode).toBe(400);
    expect((await owner.put('/api/contacts/999999', { name: 'X' })).statusCode).toBe(404);
    expect(json<ContactDto>(await owner.put(`/api/contacts/${c.id}`, { name: 'Kept' })).email).toBe(
      plumber.email,
    );
  });
});

describe('deleting contacts', () => {
  it("deletes the contact; a project keeps its client's name", async () => {
    const c = await create(owner, { name: 'Harper Family', email: 'harper@example.com', type: 'client' });
    const project = json<{ id: number }>(
      await owner.post('/api/projects', {
        name: 'Harper Kitchen',
        client: c.name,
        budget: '50000',
        startDate: '2026-03-02',
        endDate: '2026-06-30',
      }),
    );
    expect((await owner.delete(`/api/contacts/${c.id}`)).statusCode).toBe(200);
    expect((await owner.delete(`/api/contacts/${c.id}`)).statusCode).toBe(404);
    expect((await list(owner)).map((x) => x.id)).not.toContain(c.id);
    expect(json(await owner.get(`/api/projects/${project.id}`)).client).toBe('Harper Family');
  });
});

describe('tenant isolation', () => {
  it("answers another company's contact exactly like a missing one (404) and changes nothing", async () => {
    const c = await create(owner, plumber);
    const missing = await other.put('/api/contacts/999999', { name: 'Taken' });
    const foreign = await other.put(`/api/contacts/${c.id}`, { name: 'Taken' });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toEqual(json(missing));
    expect((await other.delete(`/api/contacts/${c.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/contacts/${c.id}.vcf`)).statusCode).toBe(404);
    expect((await list(other)).map((x) => x.id)).not.toContain(c.id);
    const groups = json<Record<string, ContactDto[]>>(await other.get('/api/contacts/by-type'));
    expect(Object.values(groups).flat()).toEqual([]);
    expect((await list(owner)).find((x) => x.id === c.id)?.name).toBe(plumber.name);
  });
});

describe('vCard', () => {
  it('answers one contact as a vCard 4.0 attachment, escaped and folded', async () => {
    const c = await create(owner, {
      ...plumber,
      name: 'Mary Ann O’Neil',
      company: 'Smith; Sons, Builders',
      notes: `Gate code 1234\nCall ahead ${'long '.repeat(20)}`,
    });
    const res = await owner.get(`/api/contacts/${c.id}.vcf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment;');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Mary%20Ann%20O%E2%80%99Neil.vcf");
    const text = res.body;
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCARD');
    expect(lines[1]).toBe('VERSION:4.0');
    expect(lines.at(-2)).toBe('END:VCARD');
    expect(lines.at(-1)).toBe('');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('FN:Mary Ann O’Neil\r\n');
    expect(unfolded).toContain('N:O’Neil;Mary Ann;;;\r\n');
    expect(unfolded).toContain('ORG:Smith\\; Sons\\, Builders\r\n');
    expect(unfolded).toContain('ROLE:Subcontractor\r\n');
    expect(unfolded).toContain(`EMAIL;TYPE=work:${plumber.email}\r\n`);
    expect(unfolded).toContain('TEL;TYPE=work:303-555-0177\r\n');
    expect(unfolded).toContain('CATEGORIES:Plumbing,Gas lines\r\n');
    expect(unfolded).toContain(
      'NOTE:Rating: 4.5 / 5\\nLicensed contractor\\nGate code 1234\\nCall ahead long',
    );
    expect((await owner.get('/api/contacts/999999.vcf')).statusCode).toBe(404);
    expect((await owner.get('/api/contacts/abc.vcf')).statusCode).toBe(400);
  });
});

describe('a project client saved as a client contact', () => {
  const project = {
    name: 'Elm Street Addition',
    client: 'Priya Patel',
    budget: '80000',
    startDate: '2026-03-02',
    endDate: '2026-08-31',
  };

  it('creates the project and the client contact in one step, once', async () => {
    const res = await owner.post('/api/projects', {
      ...project,
      newClientContact: { email: 'priya@example.com' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({ client: 'Priya Patel' });
    const again = await owner.post('/api/projects', {
      ...project,
      name: 'Elm Street Garage',
      newClientContact: { email: 'PRIYA@example.com ' },
    });
    expect(again.statusCode).toBe(201);
    const clients = json<{ clients: ContactDto[] }>(await owner.get('/api/contacts/by-type')).clients;
    expect(clients.filter((c) => c.name === 'Priya Patel')).toEqual([
      expect.objectContaining({ email: 'priya@example.com', type: 'client', createdBy: expect.any(String) }),
    ]);
  });

  it('creates neither when the contact email is bad', async () => {
    const projects = json<unknown[]>(await owner.get('/api/projects')).length;
    const contacts = (await list(owner)).length;
    const res = await owner.post('/api/projects', {
      ...project,
      client: 'Nobody Valid',
      newClientContact: { email: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ 'newClientContact.email': 'Invalid email address' });
    expect(json<unknown[]>(await owner.get('/api/projects')).length).toBe(projects);
    expect((await list(owner)).length).toBe(contacts);
  });
});

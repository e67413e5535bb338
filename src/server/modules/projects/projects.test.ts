import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const valid = {
  name: 'Maple Street Remodel',
  client: 'J. Alvarez',
  budget: '125,000.50',
  startDate: '2026-03-02',
  endDate: '2026-06-30',
  description: 'Kitchen and two baths',
};

describe('projects', () => {
  it('creates with defaults (Residential, active, progress 0) and lists it', async () => {
    const res = await owner.post('/api/projects', valid);
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      name: valid.name,
      type: 'Residential',
      status: 'active',
      progress: 0,
      budget: '125000.50',
    });
    const list = json<{ name: string }[]>(await owner.get('/api/projects'));
    expect(list.map((p) => p.name)).toContain(valid.name);
  });

  it('answers the spec messages for a bad project form', async () => {
    const res = await owner.post('/api/projects', {
      name: '',
      client: '',
      budget: '',
      startDate: '',
      endDate: '',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toMatchObject({
      name: 'Project name is required',
      client: 'Client is required',
      budget: 'Budget is required',
      startDate: 'Start date is required',
      endDate: 'End date is required',
    });
    const backwards = await owner.post('/api/projects', {
      ...valid,
      startDate: '2026-06-30',
      endDate: '2026-03-02',
    });
    expect(backwards.statusCode).toBe(400);
    expect(json(backwards).errors).toEqual({ endDate: 'End date must be on or after the start date' });
  });

  it('updates the full form or only the progress', async () => {
    const { id } = json<{ id: number }>(await owner.post('/api/projects', valid));
    const progress = await owner.put(`/api/projects/${id}`, { progress: 40 });
    expect(progress.statusCode).toBe(200);
    expect(json(progress)).toMatchObject({ progress: 40, name: valid.name });
    const full = await owner.put(`/api/projects/${id}`, {
      ...valid,
      name: 'Renamed',
      status: 'at-risk',
      type: 'Commercial',
      progress: 55,
    });
    expect(json(full)).toMatchObject({
      name: 'Renamed',
      status: 'at-risk',
      type: 'Commercial',
      progress: 55,
    });
    const bad = await owner.put(`/api/projects/${id}`, { endDate: '2020-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('End date must be on or after the start date');
    expect((await owner.put(`/api/projects/${id}`, { progress: 101 })).statusCode).toBe(400);
  });

  it('answers 400 to a malformed id', async () => {
    expect((await owner.get('/api/projects/abc')).statusCode).toBe(400);
  });
});

describe('tenant isolation', () => {
  it("answers another company's project exactly like a missing one (404)", async () => {
    const { id } = json<{ id: number }>(await owner.post('/api/projects', valid));
    const missing = await other.get('/api/projects/999999');
    const foreign = await other.get(`/api/projects/${id}`);
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toEqual(json(missing));
    expect((await other.put(`/api/projects/${id}`, { progress: 99 })).statusCode).toBe(404);
    expect((await other.delete(`/api/projects/${id}`)).statusCode).toBe(404);
    expect(json<{ id: number }[]>(await other.get('/api/projects')).map((p) => p.id)).not.toContain(id);
    // nothing changed for the owner
    const mine = json(await owner.get(`/api/projects/${id}`));
    expect(mine).toMatchObject({ progress: 0, name: valid.name });
  });

  it('deletes only within the company', async () => {
    const { id } = json<{ id: number }>(await owner.post('/api/projects', valid));
    expect((await owner.delete(`/api/projects/${id}`)).statusCode).toBe(200);
    expect((await owner.get(`/api/projects/${id}`)).statusCode).toBe(404);
  });
});

/**
 * `POST /api/projects/{id}/plans` and `GET /api/plans/{generationId}`: estimates planned by the
 * server from stored documents or new files, the request answering before the plan is made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanGenerationDto, PlanGenerationSummaryDto, StartedPlansDto } from '../../../contracts/ai.js';
import type { DocumentDto } from '../../../contracts/documents.js';
import type { TaskDto } from '../../../contracts/tasks.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { multipartBody, upload } from '../documents/documents.test-support.js';
import { ownExpected, readOwnEstimate } from '../ingestion/ingestion.test-support.js';
import { createProject } from './ai-test-support.js';

let t: TestApp;
let owner: Agent;
let stranger: Agent;

beforeAll(async () => {
  t = await createTestApp();
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Server Plans Builders' });
  stranger = t.agent();
  await stranger.signUpWithCompany({ company: 'Other Builders' });
}, 180_000);
afterAll(async () => {
  await t.close();
});

async function postFiles(agent: Agent, projectId: number, files: { name: string; content: Uint8Array }[]) {
  const { payload, contentType } = await multipartBody(files);
  return t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/plans`,
    headers: { cookie: `sid=${agent.sessionCookie ?? ''}`, 'content-type': contentType },
    payload,
  });
}

/** Reads the generation until it is no longer running (the server works on it after answering). */
async function finished(agent: Agent, generationId: number): Promise<PlanGenerationDto> {
  const until = Date.now() + 150_000;
  for (;;) {
    const res = await agent.get(`/api/plans/${generationId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = json<PlanGenerationDto>(res);
    if (body.status !== 'running' || Date.now() > until) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const tasksOf = async (projectId: number) =>
  json<TaskDto[]>(await owner.get(`/api/projects/${projectId}/tasks`));
const documentsOf = async (projectId: number) =>
  json<DocumentDto[]>(await owner.get(`/api/projects/${projectId}/documents`));

describe('plans run by the server', () => {
  it('plans a new file: kept as a document, answered 202 at once, the plan saved by the server', async () => {
    const projectId = await createProject(owner, { budget: 60_000, name: 'Server-run remodel' });
    const file = 'residential-kitchen-bath-remodel.pdf';
    const res = await postFiles(owner, projectId, [{ name: file, content: readOwnEstimate(file) }]);
    expect(res.statusCode, res.body).toBe(202);
    const started = json<StartedPlansDto>(res);
    expect(started).toMatchObject({ generationIds: [started.generationId], reusedIds: [] });

    const done = await finished(owner, started.generationId);
    expect(done).toMatchObject({ status: 'succeeded', percent: 100, projectId, fileName: file, error: null });
    const [document] = await documentsOf(projectId);
    expect(document?.originalName).toBe(file);
    expect(done.documentId).toBe(document?.id);

    const listed = json<PlanGenerationSummaryDto[]>(await owner.get(`/api/projects/${projectId}/plans`));
    expect(listed).toEqual([
      expect.objectContaining({
        generationId: started.generationId,
        status: 'succeeded',
        documentId: document?.id,
      }),
    ]);
    expect(listed[0]).not.toHaveProperty('result');

    const tasks = await tasksOf(projectId);
    expect(done.result?.tasks.map((task) => task.id).sort()).toEqual(tasks.map((task) => task.id).sort());
    const workTotal = ownExpected().estimates['residential-kitchen-bath-remodel']?.workTotal;
    expect(done.result?.estimateTotal).toBeCloseTo(workTotal ?? Number.NaN, 2);

    // Every priced line of the estimate says what became of it: a line of work names its task.
    const lines = done.result?.sourceLines ?? [];
    const taskIds = new Set(tasks.map((task) => task.id));
    const work = lines.filter((line) => line.disposition === 'work');
    expect(work.length).toBeGreaterThan(5);
    for (const line of work)
      expect(taskIds.has(line.taskId ?? -1), `line ${line.line}: ${line.text}`).toBe(true);
    expect(work.reduce((sum, line) => sum + (line.amount ?? 0), 0)).toBeCloseTo(workTotal ?? Number.NaN, 2);
    for (const line of lines) expect(line.reason, `line ${line.line}`).not.toBe('');
    for (const line of lines.filter((l) => l.disposition === 'total' || l.disposition === 'charge')) {
      expect(line.taskId).toBeNull();
    }
  }, 240_000);

  it('plans stored documents by id, and the same file twice is planned once', async () => {
    const projectId = await createProject(owner, { budget: 500_000, name: 'Stored estimates' });
    const csv = { name: 'office-fit-out-ti.csv', content: readOwnEstimate('office-fit-out-ti.csv') };
    const stored = json<DocumentDto[]>(
      await upload(t.app, owner, projectId, [csv, { ...csv, name: 'copy.csv' }]),
    );
    const [first, copy] = stored;
    if (!first || !copy) throw new Error('upload failed');

    const res = await owner.post(`/api/projects/${projectId}/plans`, { documentIds: [first.id] });
    expect(res.statusCode, res.body).toBe(202);
    const { generationId } = json<StartedPlansDto>(res);
    expect((await finished(owner, generationId)).status).toBe('succeeded');
    const planned = (await tasksOf(projectId)).length;
    expect(planned).toBeGreaterThan(3);

    // The same bytes under another name: the generation already made answers, no tasks are added.
    const again = await owner.post(`/api/projects/${projectId}/plans`, { documentIds: [copy.id] });
    expect(again.statusCode, again.body).toBe(202);
    expect(json<StartedPlansDto>(again)).toMatchObject({ generationId, reusedIds: [generationId] });
    expect((await tasksOf(projectId)).length).toBe(planned);
  }, 240_000);

  it('refuses what it cannot plan, changing nothing', async () => {
    const projectId = await createProject(owner, { budget: 10_000, name: 'Refusals' });
    const drawing = { name: 'site.dwg', content: new TextEncoder().encode('AC1032 drawing bytes') };

    const dwgUpload = await postFiles(owner, projectId, [drawing]);
    expect(dwgUpload.statusCode, dwgUpload.body).toBe(415);
    expect(json(dwgUpload).message).toMatch(/site\.dwg.*cannot be planned/);
    expect(await documentsOf(projectId)).toEqual([]);

    const [storedDrawing] = json<DocumentDto[]>(await upload(t.app, owner, projectId, [drawing]));
    const dwgById = await owner.post(`/api/projects/${projectId}/plans`, {
      documentIds: [storedDrawing?.id],
    });
    expect(dwgById.statusCode, dwgById.body).toBe(422);

    for (const body of [
      {},
      { documentIds: [] },
      { documentIds: ['x'] },
      { documentIds: Array(11).fill(1) },
    ]) {
      const res = await owner.post(`/api/projects/${projectId}/plans`, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
    }
    expect((await owner.post('/api/projects/0/plans', { documentIds: [1] })).statusCode).toBe(400);
    expect(await tasksOf(projectId)).toEqual([]);
    expect((await owner.get(`/api/ai/plan-progress/${projectId}`)).statusCode).toBe(404);
  }, 120_000);

  it("keeps another company's projects, documents and generations out of reach (404)", async () => {
    const projectId = await createProject(owner, { budget: 60_000, name: 'Private' });
    const file = 'office-fit-out-ti.csv';
    const [document] = json<DocumentDto[]>(
      await upload(t.app, owner, projectId, [{ name: file, content: readOwnEstimate(file) }]),
    );
    const res = await owner.post(`/api/projects/${projectId}/plans`, { documentIds: [document?.id] });
    const { generationId } = json<StartedPlansDto>(res);
    await finished(owner, generationId);

    const strangerProject = await createProject(stranger, { budget: 1_000, name: 'Theirs' });
    expect((await stranger.get(`/api/plans/${generationId}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/projects/${projectId}/plans`)).statusCode).toBe(404);
    expect(json(await stranger.get(`/api/projects/${strangerProject}/plans`))).toEqual([]);
    const foreignDocument = await stranger.post(`/api/projects/${strangerProject}/plans`, {
      documentIds: [document?.id],
    });
    expect(foreignDocument.statusCode).toBe(404);
    const foreignProject = await stranger.post(`/api/projects/${projectId}/plans`, {
      documentIds: [document?.id],
    });
    expect(foreignProject.statusCode).toBe(404);
    expect(
      (await postFiles(stranger, projectId, [{ name: file, content: readOwnEstimate(file) }])).statusCode,
    ).toBe(404);
    expect(await documentsOf(projectId)).toHaveLength(1);
  }, 240_000);
});

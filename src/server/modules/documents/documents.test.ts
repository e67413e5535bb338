import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDto } from '../../../contracts/documents.js';
import { documents } from '../../db/schema/index.js';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';
import { documentsService } from './documents.service.js';
import { filesUnder, upload } from './documents.test-support.js';
import { samples } from './test-files.js';

let t: TestApp;
let owner: Agent;
let other: Agent;
let projectId: number;
let secondProjectId: number;
let taskId: number;
let otherProjectId: number;
let filesDir: string;

const project = {
  name: 'Riverside Clinic',
  client: 'Valley Health',
  budget: '640000',
  startDate: '2026-02-02',
  endDate: '2026-11-30',
};

beforeAll(async () => {
  t = await createTestApp();
  if (t.config.storage.kind !== 'local') throw new Error('expected local storage in tests');
  filesDir = t.config.storage.dir;
  owner = t.agent();
  other = t.agent();
  await owner.signUpWithCompany({ company: 'First Co' });
  await other.signUpWithCompany({ company: 'Second Co' });
  projectId = json<{ id: number }>(await owner.post('/api/projects', project)).id;
  secondProjectId = json<{ id: number }>(await owner.post('/api/projects', project)).id;
  taskId = json<{ id: number }>(await owner.post('/api/tasks', { name: 'Drywall', projectId })).id;
  otherProjectId = json<{ id: number }>(await other.post('/api/projects', project)).id;
});
afterAll(async () => {
  await t.close();
});

/** The stored file of a document, read from its row (the API never shows storage keys). */
async function storedPath(id: number): Promise<string> {
  const rows = await t.ctx.db.select().from(documents).where(eq(documents.id, id));
  const row = rows[0];
  if (!row) throw new Error(`no document row ${id}`);
  return join(filesDir, row.filePath);
}

describe('uploading', () => {
  it('stores a file and answers its document row (201)', async () => {
    const res = await upload(t.app, owner, projectId, [{ name: 'Site plan.pdf', content: samples.pdf }]);
    expect(res.statusCode).toBe(201);
    const [doc] = json<DocumentDto[]>(res);
    const me = json<{ id: string }>(await owner.get('/api/auth/user')).id;
    expect(doc).toMatchObject({
      projectId,
      taskId: null,
      originalName: 'Site plan.pdf',
      type: 'pdf',
      mimeType: 'application/pdf',
      fileSize: samples.pdf.length,
      uploadedBy: me,
      downloadUrl: `/api/documents/${doc?.id}/download`,
    });
    expect(doc).not.toHaveProperty('filePath');
    expect(doc?.name).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(existsSync(await storedPath(doc?.id ?? 0))).toBe(true);
  });

  it('takes several files of every accepted type at once, with a task', async () => {
    const files = [
      { name: 'scope.docx', content: samples.docx },
      { name: 'quantities.xlsx', content: samples.xlsx },
      { name: 'photo.JPG', content: samples.jpeg },
      { name: 'elevation.png', content: samples.png },
      { name: 'floor.dwg', content: samples.dwg },
      { name: 'notes.txt', content: samples.txt },
      { name: 'takeoff.csv', content: samples.csv },
      { name: 'legacy.doc', content: samples.doc },
    ];
    const res = await upload(t.app, owner, projectId, files, { taskId: String(taskId) });
    expect(res.statusCode).toBe(201);
    const docs = json<DocumentDto[]>(res);
    expect(docs.map((d) => [d.originalName, d.type, d.taskId])).toEqual(
      files.map((f) => [f.name, f.name.split('.').pop()?.toLowerCase(), taskId]),
    );
    const forTask = json<DocumentDto[]>(await owner.get(`/api/tasks/${taskId}/documents`));
    expect(forTask.map((d) => d.id).sort()).toEqual(docs.map((d) => d.id).sort());
    const forProject = json<DocumentDto[]>(await owner.get(`/api/projects/${projectId}/documents`));
    expect(forProject.length).toBe(docs.length + 1);
    expect(json(await owner.get(`/api/projects/${secondProjectId}/documents`))).toEqual([]);
  });

  it('refuses a file whose content does not match its extension (415) and keeps nothing', async () => {
    const before = filesUnder(filesDir);
    const rowsBefore = json<DocumentDto[]>(await owner.get(`/api/projects/${projectId}/documents`)).length;
    const res = await upload(t.app, owner, projectId, [
      { name: 'good.pdf', content: samples.pdf },
      { name: 'photo.pdf', content: samples.png },
    ]);
    expect(res.statusCode).toBe(415);
    expect(json(res).message).toBe('"photo.pdf" is not a valid .pdf file: its content is a PNG image.');
    // the first file, already written, was removed again
    expect(filesUnder(filesDir)).toEqual(before);
    expect(json<DocumentDto[]>(await owner.get(`/api/projects/${projectId}/documents`)).length).toBe(
      rowsBefore,
    );

    const exe = await upload(t.app, owner, projectId, [{ name: 'setup.exe', content: samples.exe }]);
    expect(exe.statusCode).toBe(415);
    expect(json(exe).message).toContain('.exe files are not accepted');
    const disguised = await upload(t.app, owner, projectId, [{ name: 'readme.txt', content: samples.exe }]);
    expect(disguised.statusCode).toBe(415);
    expect(filesUnder(filesDir)).toEqual(before);
  });

  it('answers 400 without files, to an empty file, to a wrong field name, and to a non-multipart body', async () => {
    const none = await upload(t.app, owner, projectId, [], { taskId: String(taskId) });
    expect(none.statusCode).toBe(400);
    expect(json(none).message).toBe('Choose at least one file to upload');
    const empty = await upload(t.app, owner, projectId, [{ name: 'blank.txt', content: new Uint8Array() }]);
    expect(empty.statusCode).toBe(400);
    expect(json(empty).message).toBe('"blank.txt" is empty.');
    const field = await upload(t.app, owner, projectId, [
      { name: 'a.pdf', content: samples.pdf, field: 'upload' },
    ]);
    expect(field.statusCode).toBe(400);
    expect(json(field).message).toContain('send files as parts named "file"');
    const badTask = await upload(t.app, owner, projectId, [{ name: 'a.pdf', content: samples.pdf }], {
      taskId: 'abc',
    });
    expect(badTask.statusCode).toBe(400);
    const asJson = await owner.post(`/api/projects/${projectId}/documents`, { file: 'x' });
    expect(asJson.statusCode).toBe(400);
  });

  it('answers 404 for a task of another project, and keeps no file', async () => {
    const before = filesUnder(filesDir);
    const res = await upload(t.app, owner, secondProjectId, [{ name: 'a.pdf', content: samples.pdf }], {
      taskId: String(taskId),
    });
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe('Task not found');
    expect(filesUnder(filesDir)).toEqual(before);
  });
});

describe('downloading and deleting', () => {
  it('gives the file back with its content type and original name (RFC 5987)', async () => {
    const name = 'Plan – étage 2.pdf';
    const [doc] = json<DocumentDto[]>(
      await upload(t.app, owner, projectId, [{ name, content: samples.pdf }]),
    );
    const res = await owner.get(`/api/documents/${doc?.id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Plan _ _tage 2.pdf"; filename*=UTF-8''Plan%20%E2%80%93%20%C3%A9tage%202.pdf`,
    );
    expect(res.rawPayload).toEqual(samples.pdf);

    const [text] = json<DocumentDto[]>(
      await upload(t.app, owner, projectId, [{ name: 'notes.txt', content: samples.txt }]),
    );
    const txt = await owner.get(`/api/documents/${text?.id}/download`);
    expect(txt.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(txt.rawPayload).toEqual(samples.txt);
  });

  it('deletes the row and the stored file', async () => {
    const [doc] = json<DocumentDto[]>(
      await upload(t.app, owner, projectId, [{ name: 'old.png', content: samples.png }]),
    );
    const path = await storedPath(doc?.id ?? 0);
    expect(existsSync(path)).toBe(true);
    expect((await owner.delete(`/api/documents/${doc?.id}`)).statusCode).toBe(200);
    expect(existsSync(path)).toBe(false);
    expect((await owner.get(`/api/documents/${doc?.id}/download`)).statusCode).toBe(404);
    expect((await owner.delete(`/api/documents/${doc?.id}`)).statusCode).toBe(404);
  });

  it('deleting a task deletes its documents and their files', async () => {
    const task = json<{ id: number }>(await owner.post('/api/tasks', { name: 'Paint', projectId })).id;
    const [doc] = json<DocumentDto[]>(
      await upload(t.app, owner, projectId, [{ name: 'colours.pdf', content: samples.pdf }], {
        taskId: String(task),
      }),
    );
    const path = await storedPath(doc?.id ?? 0);
    expect((await owner.delete(`/api/tasks/${task}`)).statusCode).toBe(200);
    expect(existsSync(path)).toBe(false);
    expect((await owner.get(`/api/documents/${doc?.id}/download`)).statusCode).toBe(404);
  });
});

describe('stored files for account and company deletion', () => {
  it("lists a company's storage keys, or one uploader's", async () => {
    const [mine] = json<DocumentDto[]>(
      await upload(t.app, owner, projectId, [{ name: 'keys.pdf', content: samples.pdf }]),
    );
    const [theirs] = json<DocumentDto[]>(
      await upload(t.app, other, otherProjectId, [{ name: 'keys.pdf', content: samples.pdf }]),
    );
    const rows = await t.ctx.db.select().from(documents);
    const row = (id: number | undefined) => rows.find((r) => r.id === id);
    const ownerRow = row(mine?.id);
    const otherRow = row(theirs?.id);
    if (!ownerRow || !otherRow) throw new Error('rows missing');
    const service = documentsService(t.ctx);
    const ownerKeys = await service.storedFilesOfCompany(t.ctx.db, ownerRow.companyId);
    expect(ownerKeys.sort()).toEqual(
      rows
        .filter((r) => r.companyId === ownerRow.companyId)
        .map((r) => r.filePath)
        .sort(),
    );
    expect(ownerKeys).not.toContain(otherRow.filePath);
    expect(await service.storedFilesOfCompany(t.ctx.db, otherRow.companyId, otherRow.uploadedBy)).toEqual([
      otherRow.filePath,
    ]);
    expect(await service.storedFilesOfCompany(t.ctx.db, otherRow.companyId, ownerRow.uploadedBy)).toEqual([]);
  });
});

describe('size limit', () => {
  it('answers 413 with the limit and keeps nothing', async () => {
    const small = await createTestApp({ MAX_UPLOAD_MB: '0.01' });
    try {
      const agent = small.agent();
      await agent.signUpWithCompany();
      const id = json<{ id: number }>(await agent.post('/api/projects', project)).id;
      const big = Buffer.concat([samples.pdf, Buffer.alloc(20_000, 0x20)]);
      const res = await upload(small.app, agent, id, [
        { name: 'ok.pdf', content: samples.pdf },
        { name: 'big.pdf', content: big },
      ]);
      expect(res.statusCode).toBe(413);
      expect(json(res).message).toBe('File is too large (max 0.01 MB)');
      const dir = small.config.storage.kind === 'local' ? small.config.storage.dir : '';
      expect(filesUnder(dir)).toEqual([]);
      expect(json(await agent.get(`/api/projects/${id}/documents`))).toEqual([]);
      const fits = await upload(small.app, agent, id, [{ name: 'ok.pdf', content: samples.pdf }]);
      expect(fits.statusCode).toBe(201);
    } finally {
      await small.close();
    }
  });
});

describe('tenant isolation', () => {
  it("answers another company's project, task and documents with 404", async () => {
    const [doc] = json<DocumentDto[]>(
      await upload(t.app, owner, projectId, [{ name: 'private.pdf', content: samples.pdf }]),
    );
    const missing = await other.get('/api/documents/999999/download');
    const foreign = await other.get(`/api/documents/${doc?.id}/download`);
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toEqual(json(missing));
    expect((await other.delete(`/api/documents/${doc?.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/projects/${projectId}/documents`)).statusCode).toBe(404);
    expect((await other.get(`/api/tasks/${taskId}/documents`)).statusCode).toBe(404);
    const before = filesUnder(filesDir);
    const into = await upload(t.app, other, projectId, [{ name: 'x.pdf', content: samples.pdf }]);
    expect(into.statusCode).toBe(404);
    const withTask = await upload(t.app, other, otherProjectId, [{ name: 'x.pdf', content: samples.pdf }], {
      taskId: String(taskId),
    });
    expect(withTask.statusCode).toBe(404);
    expect(filesUnder(filesDir)).toEqual(before);
    expect((await owner.get(`/api/documents/${doc?.id}/download`)).statusCode).toBe(200);
  });
});

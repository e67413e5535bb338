/**
 * Every upload route answers 413 to a file over MAX_UPLOAD_MB, every time: over a real socket, where
 * the body arrives in chunks of the network's choosing, a file a few bytes over the limit must never
 * be read cut short as if it were whole.
 */
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from './modules/documents/documents.test-support.js';
import { type Agent, createTestApp, json, type TestApp } from './testing/harness.js';

const MAX_UPLOAD_MB = 0.25;
const LIMIT = Math.round(MAX_UPLOAD_MB * 1024 * 1024);
const TRIES = 8;

let t: TestApp;
let owner: Agent;
let base: string;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp({ MAX_UPLOAD_MB: String(MAX_UPLOAD_MB) });
  owner = t.agent();
  await owner.signUpWithCompany({ company: 'Upload Builders' });
  projectId = json<{ id: number }>(
    await owner.post('/api/projects', {
      name: 'Uploads',
      client: 'Client',
      budget: '1000',
      startDate: '2026-03-02',
      endDate: '2026-06-30',
    }),
  ).id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

/** Text a reader would accept, `size` bytes long: lines of an estimate. */
function textFile(size: number): Buffer {
  const line = 'Framing labor and materials\t$12,000.00\n';
  return Buffer.from(line.repeat(Math.ceil(size / line.length)).slice(0, size));
}

/** A CSV schedule, `size` bytes long. */
function scheduleFile(size: number): Buffer {
  const head = 'ID,Name,Duration,Predecessors\n1,Mobilize,1,\n';
  return Buffer.concat([Buffer.from(head), Buffer.alloc(size - head.length, 0x20)]);
}

/** A contact list, `size` bytes long. */
function contactsFile(size: number): Buffer {
  const line = 'Ana Ruiz,ana@example.com,Subcontractor\n';
  return Buffer.from(`Name,Email,Type\n${line.repeat(Math.ceil(size / line.length))}`.slice(0, size));
}

const routes = () => [
  { name: 'POST /api/parse-pdf', url: '/api/parse-pdf', file: 'estimate.txt', make: textFile },
  {
    name: 'POST /api/projects/{id}/documents',
    url: `/api/projects/${projectId}/documents`,
    file: 'notes.txt',
    make: textFile,
  },
  {
    name: 'POST /api/projects/import',
    url: '/api/projects/import',
    file: 'schedule.csv',
    make: scheduleFile,
  },
  {
    name: 'POST /api/contacts/import',
    url: '/api/contacts/import',
    file: 'contacts.csv',
    make: contactsFile,
  },
];

/**
 * Sends the upload over a raw socket in two writes, split exactly where the file crosses the limit, so
 * the server receives the bytes up to the limit as one piece and the rest as another: the case where
 * the parser stops at the limit between two chunks.
 */
async function uploadSplitAtLimit(url: string, name: string, content: Buffer) {
  const { payload, contentType } = await multipartBody([{ name, content }]);
  const dataStart = payload.indexOf('\r\n\r\n', payload.indexOf('filename=')) + 4;
  const head = Buffer.from(
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: sid=${owner.sessionCookie}\r\n` +
      `Content-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\nConnection: close\r\n\r\n`,
  );
  const { port } = new URL(base);
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(received).toString('utf8')));
    // The server may answer and close before it has read the rest: that is an answer, not a failure.
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE' || err.code === 'ECONNRESET') socket.destroy();
      else reject(err);
    });
    socket.write(Buffer.concat([head, payload.subarray(0, dataStart + LIMIT)]));
    // The rest follows unless the server has answered already (then its close would reset the
    // connection and lose the answer).
    setTimeout(() => {
      if (socket.destroyed) return;
      // Written without ending our side: a client that half-closes may be dropped before its answer.
      if (!received.length) socket.write(payload.subarray(dataStart + LIMIT));
    }, 300);
  });
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
  const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
  return { status, body: { message: body } };
}

async function upload(url: string, name: string, content: Buffer) {
  const { payload, contentType } = await multipartBody([{ name, content }]);
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { cookie: `sid=${owner.sessionCookie}`, 'content-type': contentType },
    body: new Uint8Array(payload),
  });
  return { status: res.status, body: (await res.json()) as { message: string } };
}

describe('uploads over the size limit', () => {
  it.each([2, 65_537])(
    'are refused with 413 every time, %i byte(s) over',
    async (over) => {
      for (const route of routes()) {
        const answers: number[] = [];
        for (let i = 0; i < TRIES; i++) {
          const content = route.make(LIMIT + over);
          const res =
            i % 2
              ? await uploadSplitAtLimit(route.url, route.file, content)
              : await upload(route.url, route.file, content);
          answers.push(res.status);
          if (res.status === 413) expect(res.body.message).toMatch(/too large/i);
        }
        expect({ route: route.name, answers }).toEqual({
          route: route.name,
          answers: Array(TRIES).fill(413),
        });
      }
    },
    180_000,
  );

  it('still accepts a file just under the limit', async () => {
    const res = await upload('/api/parse-pdf', 'estimate.txt', textFile(LIMIT - 2048));
    expect(res.status).toBe(200);
  }, 60_000);
});

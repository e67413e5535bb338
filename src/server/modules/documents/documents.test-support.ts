import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Agent } from '../../testing/harness.js';

/** For tests: a multipart body (built by the platform's FormData) and its content type. */
export async function multipartBody(
  files: { name: string; content: Uint8Array; field?: string }[],
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const f of files) form.append(f.field ?? 'file', new Blob([new Uint8Array(f.content)]), f.name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

/** For tests: uploads files as the agent (its session cookie) to a project's documents. */
export async function upload(
  app: FastifyInstance,
  agent: Agent,
  projectId: number,
  files: { name: string; content: Uint8Array; field?: string }[],
  fields: Record<string, string> = {},
) {
  const { payload, contentType } = await multipartBody(files, fields);
  return app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/documents`,
    headers: { cookie: `sid=${agent.sessionCookie ?? ''}`, 'content-type': contentType },
    payload,
  });
}

/** For tests: every file under a directory, as paths relative to it. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(dir, join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

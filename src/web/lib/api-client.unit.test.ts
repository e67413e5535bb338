import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskWriteErrorDto } from '@/contracts/tasks';
import { ApiError, apiRequest, errorDetails, getQueryFn, pathOf, serverMessage } from './api-client';

/** A throwaway HTTP server that answers what each path asks for and echoes what it received. */
let server: Server;
let base: string;
const seen: { method?: string; url?: string; contentType?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, contentType: req.headers['content-type'], body });
      const url = req.url ?? '';
      if (url.startsWith('/ok')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ got: body || null }));
      } else if (url === '/empty') {
        res.writeHead(204).end();
      } else if (url === '/text') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('plain words');
      } else if (url === '/unauthorized') {
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: 'Not signed in' }));
      } else if (url === '/invalid') {
        res.writeHead(400, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            message: 'Name is required',
            code: 'validation_failed',
            errors: { name: 'Name is required' },
          }),
        );
      } else if (url === '/refused') {
        res.writeHead(422, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            message: 'Due date cannot be kept: Mar 6, 2027 is not a working day',
            code: 'date_not_allowed',
            errors: { endDate: 'Mar 6, 2027 is not a working day' },
            nearest: { endDate: '2027-03-05' },
            requestId: 'req-1',
          }),
        );
      } else if (url === '/refused-oddly') {
        res
          .writeHead(422, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: 'No', code: 'date_not_allowed', nearest: { endDate: 5 } }));
      } else if (url === '/array') {
        res.writeHead(400, { 'content-type': 'application/json' }).end('[1,2]');
      } else if (url === '/legacy-error') {
        res.writeHead(409, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Taken' }));
      } else {
        res.writeHead(500, 'Internal Server Error').end();
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
});

/** The ApiError that `run` fails with; the test fails if it succeeds or throws something else. */
async function failure(run: () => unknown): Promise<ApiError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

const context = (queryKey: readonly unknown[]) => ({
  queryKey,
  signal: new AbortController().signal,
  meta: undefined,
  client: new QueryClient(),
});

describe('apiRequest', () => {
  it('sends a JSON body and answers the parsed JSON', async () => {
    const answer = await apiRequest<{ got: string }>('POST', `${base}/ok`, { name: 'Summit' });
    expect(answer).toEqual({ got: '{"name":"Summit"}' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', contentType: 'application/json' });
  });

  it('sends no body or content type without a body, and answers null for 204', async () => {
    expect(await apiRequest('DELETE', `${base}/empty`)).toBeNull();
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', contentType: undefined, body: '' });
  });

  it('answers text bodies as text', async () => {
    expect(await apiRequest('GET', `${base}/text`)).toBe('plain words');
  });

  it('throws "status: body" with the server message and field errors', async () => {
    const e = await failure(() => apiRequest('POST', `${base}/invalid`, {}));
    expect(e.message).toBe(
      '400: {"message":"Name is required","code":"validation_failed","errors":{"name":"Name is required"}}',
    );
    expect(e.status).toBe(400);
    expect(e.serverMessage).toBe('Name is required');
    expect(e.code).toBe('validation_failed');
    expect(e.errors).toEqual({ name: 'Name is required' });
    expect(serverMessage(e)).toBe('Name is required');
  });

  it('reads an `error` field as the message too', async () => {
    const error = await failure(() => apiRequest('GET', `${base}/legacy-error`));
    expect(error.serverMessage).toBe('Taken');
  });

  it('uses the status text when the body is empty', async () => {
    const error = await failure(() => apiRequest('GET', `${base}/boom`));
    expect(error.message).toBe('500: Internal Server Error');
    expect(error.serverMessage).toBeUndefined();
    expect(serverMessage(new Error('x'))).toBeUndefined();
  });
});

describe('error details', () => {
  const nearestOf = taskWriteErrorDto.pick({ nearest: true });

  it('keeps the body fields beyond message, code and errors as details', async () => {
    const e = await failure(() => apiRequest('PUT', `${base}/refused`, {}));
    expect(e.status).toBe(422);
    expect(e.code).toBe('date_not_allowed');
    expect(e.serverMessage).toBe('Due date cannot be kept: Mar 6, 2027 is not a working day');
    expect(e.errors).toEqual({ endDate: 'Mar 6, 2027 is not a working day' });
    expect(e.details).toEqual({ nearest: { endDate: '2027-03-05' } });
  });

  it('reads the details through a contract schema, only for the code asked', async () => {
    const e = await failure(() => apiRequest('PUT', `${base}/refused`, {}));
    expect(errorDetails(e, 'date_not_allowed', nearestOf)).toEqual({ nearest: { endDate: '2027-03-05' } });
    expect(errorDetails(e, 'cycle_detected', nearestOf)).toBeUndefined();
    expect(errorDetails(new Error('x'), 'date_not_allowed', nearestOf)).toBeUndefined();
  });

  it('answers undefined for details that do not match the schema', async () => {
    const e = await failure(() => apiRequest('PUT', `${base}/refused-oddly`, {}));
    expect(e.details).toEqual({ nearest: { endDate: 5 } });
    expect(errorDetails(e, 'date_not_allowed', nearestOf)).toBeUndefined();
  });

  it('has no details for a body that is not an object, or not JSON', async () => {
    expect((await failure(() => apiRequest('GET', `${base}/array`))).details).toEqual({});
    expect((await failure(() => apiRequest('GET', `${base}/boom`))).details).toEqual({});
    expect((await failure(() => apiRequest('GET', `${base}/invalid`))).details).toEqual({});
  });
});

describe('getQueryFn', () => {
  it('GETs the path made of the query key joined with "/"', async () => {
    expect(pathOf(['/api/projects', 7, 'tasks'])).toBe('/api/projects/7/tasks');
    const answer = await getQueryFn({ on401: 'throw' })(context([`${base}/ok`, 'projects', 7]));
    expect(answer).toEqual({ got: null });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/ok/projects/7' });
  });

  it('answers null for a 401 when asked to', async () => {
    expect(await getQueryFn({ on401: 'returnNull' })(context([`${base}/unauthorized`]))).toBeNull();
  });

  it('throws on a 401 by default', async () => {
    const error = await failure(() => getQueryFn({ on401: 'throw' })(context([`${base}/unauthorized`])));
    expect(error.message).toBe('401: {"message":"Not signed in"}');
  });

  it('throws on other failures even when 401 means null', async () => {
    const error = await failure(() => getQueryFn({ on401: 'returnNull' })(context([`${base}/boom`])));
    expect(error.status).toBe(500);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropEarlyRequests } from '@/web/lib/early-requests';
import { startSignedInRequests } from './initial-requests';

/** The GET paths started for a signed-in user's first page at this address. */
function requestsFor(address: string): string[] {
  const url = new URL(address, 'http://localhost');
  const started: string[] = [];
  vi.stubGlobal('fetch', (path: string) => {
    started.push(path);
    return Promise.resolve(new Response('[]'));
  });
  startSignedInRequests({ pathname: url.pathname, search: url.search });
  return started;
}

describe('the first page’s data, asked for as soon as the session says who is signed in', () => {
  beforeEach(() => dropEarlyRequests());
  afterEach(() => {
    dropEarlyRequests();
    vi.unstubAllGlobals();
  });

  it.each([
    ['/', ['/api/projects']],
    ['/projects', ['/api/projects']],
    ['/projects/', ['/api/projects']],
    ['/projects/12', ['/api/projects/12', '/api/projects/12/tasks']],
    ['/projects/12?view=gantt', ['/api/projects/12', '/api/projects/12/tasks', '/api/projects/12/schedule']],
    ['/projects/12?view=list', ['/api/projects/12', '/api/projects/12/tasks']],
    ['/projects/abc', []],
    ['/projects/0', []],
    ['/projects/12/tasks/3', []],
    ['/contacts', []],
    ['/signin', []],
  ])('%s asks for %j', (address, expected) => {
    expect(requestsFor(address)).toEqual(expected);
  });
});

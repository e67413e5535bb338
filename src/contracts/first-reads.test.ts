import { describe, expect, it } from 'vitest';
import { firstScreenReads } from './first-reads';

describe('the reads a first screen begins with', () => {
  it.each([
    ['/', '', ['/api/projects']],
    ['/Projects/', '', ['/api/projects']],
    [
      '/projects/7/',
      '?view=gantt&x=1',
      ['/api/projects/7', '/api/projects/7/tasks', '/api/projects/7/schedule'],
    ],
    ['/projects/7', '?view=GANTT', ['/api/projects/7', '/api/projects/7/tasks']],
    ['/projects/1e3', '', []],
    ['/projects/-4', '', []],
    ['/projects/%E0%A4%A', '', []],
    ['/projects/99999999999999999999', '', []],
    ['/projectsx', '', []],
    ['/contacts', '', []],
  ])('%s%s: %j', (pathname, search, expected) => {
    expect(firstScreenReads(pathname, search)).toEqual(expected);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareSharedReads, READS_DIR_ENV, type ReadReply, readOncePerRun } from './read-once.js';

const answer = (content: string): ReadReply => ({
  statusCode: 200,
  body: JSON.stringify({ content, pages: 1, ocr: false, format: 'txt', warnings: [] }),
});

/** A read that counts its calls and answers when `release` is called (or at once). */
function countedRead(reply: ReadReply, { held = false } = {}) {
  let release: () => void = () => undefined;
  const gate = held ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const read = {
    calls: 0,
    release: () => release(),
    run: async () => {
      read.calls += 1;
      await gate;
      return reply;
    },
  };
  return read;
}

describe('readOncePerRun', () => {
  const before = process.env[READS_DIR_ENV];
  let remove: () => void;
  beforeEach(() => {
    remove = prepareSharedReads();
  });
  afterEach(() => {
    remove();
    if (before === undefined) delete process.env[READS_DIR_ENV];
    else process.env[READS_DIR_ENV] = before;
  });

  const bytes = new TextEncoder().encode('Framing\t$12,000\n');

  it('reads a file once: a later asker takes the first answer', async () => {
    const first = countedRead(answer('first'));
    const later = countedRead(answer('later'));
    expect((await readOncePerRun('a.txt', bytes, first.run)).content).toBe('first');
    expect((await readOncePerRun('a.txt', bytes, later.run)).content).toBe('first');
    expect([first.calls, later.calls]).toEqual([1, 0]);
  });

  it('tells files apart by name and by content', async () => {
    await readOncePerRun('a.txt', bytes, countedRead(answer('a')).run);
    const renamed = countedRead(answer('b'));
    const changed = countedRead(answer('c'));
    expect((await readOncePerRun('b.txt', bytes, renamed.run)).content).toBe('b');
    expect((await readOncePerRun('a.txt', new Uint8Array([1, 2]), changed.run)).content).toBe('c');
    expect([renamed.calls, changed.calls]).toEqual([1, 1]);
  });

  it('makes an asker wait for a read of the same file already under way', async () => {
    const first = countedRead(answer('first'), { held: true });
    const second = countedRead(answer('second'));
    const reading = readOncePerRun('a.txt', bytes, first.run);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waiting = readOncePerRun('a.txt', bytes, second.run);
    first.release();
    expect((await waiting).content).toBe('first');
    expect((await reading).content).toBe('first');
    expect(second.calls).toBe(0);
  });

  it('keeps no refusal: it throws with the status and body, and the next asker reads for itself', async () => {
    const refused = countedRead({ statusCode: 413, body: '{"message":"too many pages"}' });
    await expect(readOncePerRun('a.txt', bytes, refused.run)).rejects.toThrow(
      'a.txt: 413 {"message":"too many pages"}',
    );
    const next = countedRead(answer('read'));
    expect((await readOncePerRun('a.txt', bytes, next.run)).content).toBe('read');
    expect(next.calls).toBe(1);
  });

  it('reads every time when the run made no folder for shared answers', async () => {
    delete process.env[READS_DIR_ENV];
    const read = countedRead(answer('x'));
    await readOncePerRun('a.txt', bytes, read.run);
    await readOncePerRun('a.txt', bytes, read.run);
    expect(read.calls).toBe(2);
  });
});

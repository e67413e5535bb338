import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the outbox (no SMTP_URL)', () => {
  it('holds each message whole under its .eml name, readable by the server’s user only, with nothing left beside them', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mailer-'));
    dirs.push(dataDir);
    const logged: unknown[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Babe <no-reply@example.com>',
      dataDir,
      log: { info: (entry: unknown) => logged.push(entry) } as never,
    });
    const text = 'Reset your password: https://example.com/password-reset?token=abc\n'.repeat(2000);
    await Promise.all(
      ['a@example.com', 'b@example.com', 'c@example.com'].map((to) =>
        mailer.send({ to, subject: 'Reset your password', text }),
      ),
    );
    mailer.close();

    const outbox = join(dataDir, 'outbox');
    const files = (await readdir(outbox)).sort();
    expect(files).toHaveLength(3);
    for (const file of files) {
      expect(file).toMatch(/^[^.].*\.eml$/);
      const raw = await readFile(join(outbox, file), 'utf8');
      expect(raw).toMatch(/^To: [abc]@example\.com$/m);
      // Quoted-printable undone: the whole text is there, down to its last line.
      const body = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(body.match(/token=abc/g)).toHaveLength(2000);
      expect((await stat(join(outbox, file))).mode & 0o777).toBe(0o600);
    }
    expect(logged).toHaveLength(3);
  });
});

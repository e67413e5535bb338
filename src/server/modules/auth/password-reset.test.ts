import { readdir, readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, json, type TestApp } from '../../testing/harness.js';

const PUBLIC_URL = 'https://app.example.test';
const REQUEST = '/api/auth/password-reset/request';
const CONFIRM = '/api/auth/password-reset/confirm';
const MINUTE = 60_000;

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 keeping every message it accepts. It refuses recipients whose
 * address starts with `bounce-` (550), like a mail server that is having a bad day.
 */
async function startSmtp(): Promise<{
  url: string;
  inbox: ReceivedMail[];
  refused: string[];
  close(): Promise<void>;
}> {
  const inbox: ReceivedMail[] = [];
  const refused: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!address.address.startsWith('bounce-')) return callback();
      refused.push(address.address);
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        const envelope = session.envelope;
        inbox.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((a) => a.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text/plain part of a raw RFC 5322 message (7bit, quoted-printable or base64). */
function textPart(raw: string): string {
  const [head, body] = splitHeaders(raw);
  const type = header(head, 'content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) {
    return decode(body, header(head, 'content-transfer-encoding'));
  }
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const text = textPart(part.replace(/^\r?\n/, ''));
    if (
      /^text\/plain/i.test(
        header(splitHeaders(part.replace(/^\r?\n/, ''))[0], 'content-type') ?? 'text/plain',
      )
    ) {
      return text;
    }
  }
  throw new Error(`no text/plain part in:\n${raw}`);
}

function splitHeaders(message: string): [string, string] {
  const match = /\r?\n\r?\n/.exec(message);
  if (!match) return [message, ''];
  return [message.slice(0, match.index), message.slice(match.index + match[0].length)];
}

function header(head: string, name: string): string | undefined {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line?.slice(name.length + 1).trim();
}

function decode(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** The reset link of a message, and its token. */
function resetLink(raw: string): { link: string; token: string } {
  const text = textPart(raw);
  const link = /https?:\/\/\S+\/password-reset\?token=\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no reset link in:\n${text}`);
  return { link, token: new URL(link).searchParams.get('token') ?? '' };
}

async function eventually<T>(find: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  // Generous: the mail goes out after the answer, later still on a busy machine.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
/** Added to the real time by the app's clock. */
let clockOffset = 0;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'Babe <no-reply@app.example.test>' },
    { now: () => new Date(Date.now() + clockOffset) },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const PASSWORD = 'old-password';

async function signedUpUser(agent: Agent = t.agent(), prefix = 'reset') {
  const email = `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await agent.post('/api/auth/signup', {
    email,
    password: PASSWORD,
    firstName: 'Dana',
    lastName: 'Builder',
  });
  expect(res.statusCode).toBe(201);
  return { email, agent };
}

/** Asks for a reset of `email` and answers the link mailed to it. */
async function mailedLink(email: string) {
  const before = smtp.inbox.length;
  const res = await t.agent().post(REQUEST, { email });
  expect(res.statusCode).toBe(200);
  const mail = await eventually(
    () => smtp.inbox.slice(before).find((m) => m.to.includes(email)),
    `the reset mail to ${email}`,
  );
  return { mail, ...resetLink(mail.raw) };
}

const signin = (email: string, password: string) => t.agent().post('/api/auth/signin', { email, password });

describe('password reset request', () => {
  it('answers the same 200 for a known and an unknown email, and mails only the known one', async () => {
    const { email } = await signedUpUser();
    const unknown = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const before = smtp.inbox.length;

    const forUnknown = await t.agent().post(REQUEST, { email: unknown });
    const forKnown = await t.agent().post(REQUEST, { email: email.toUpperCase() });
    expect(forUnknown.statusCode).toBe(200);
    expect(forKnown.statusCode).toBe(200);
    expect(forKnown.body).toBe(forUnknown.body);
    expect(json(forKnown).message).toMatch(/If an account exists/);

    const mail = await eventually(
      () => smtp.inbox.slice(before).find((m) => m.to.includes(email)),
      'the reset mail',
    );
    expect(smtp.inbox.slice(before).filter((m) => m.to.includes(unknown))).toEqual([]);
    expect(mail.from).toBe('no-reply@app.example.test');
    expect(header(splitHeaders(mail.raw)[0], 'subject')).toBe('Reset your password');
    const { link, token } = resetLink(mail.raw);
    expect(link).toBe(`${PUBLIC_URL}/password-reset?token=${token}`);
    expect(token).toMatch(/^[\w-]{43}$/);
  });

  it('answers the same 200 when the mail server refuses the message', async () => {
    const { email } = await signedUpUser(t.agent(), 'bounce');
    const forUnknown = await t
      .agent()
      .post(REQUEST, { email: `nobody-${crypto.randomUUID().slice(0, 8)}@example.com` });
    const forKnown = await t.agent().post(REQUEST, { email });
    expect(forKnown.statusCode).toBe(200);
    expect(forKnown.body).toBe(forUnknown.body);
    await eventually(
      () => (smtp.refused.includes(email) ? true : undefined),
      'the mail server to refuse the mail',
    );
    expect(smtp.inbox.filter((m) => m.to.includes(email))).toEqual([]);
  });

  it('answers 400 with the form messages to a bad email', async () => {
    for (const body of [{ email: 'not-an-email' }, {}]) {
      const res = await t.agent().post(REQUEST, body);
      expect(res.statusCode).toBe(400);
      expect(json(res).errors).toEqual({ email: 'Please enter a valid email' });
    }
  });
});

describe('password reset confirmation', () => {
  it('sets the new password, ends every session of the user, and the link works once', async () => {
    const { email, agent: signupSession } = await signedUpUser();
    const otherDevice = t.agent();
    expect((await otherDevice.post('/api/auth/signin', { email, password: PASSWORD })).statusCode).toBe(200);
    expect((await signupSession.get('/api/auth/user')).statusCode).toBe(200);
    expect((await otherDevice.get('/api/auth/user')).statusCode).toBe(200);

    const { token } = await mailedLink(email);
    const confirm = await t.agent().post(CONFIRM, { token, password: 'brand-new-password' });
    expect(confirm.statusCode).toBe(200);
    expect(json(confirm)).toEqual({ ok: true });

    expect((await signupSession.get('/api/auth/user')).statusCode).toBe(401);
    expect((await otherDevice.get('/api/auth/user')).statusCode).toBe(401);
    expect((await signin(email, PASSWORD)).statusCode).toBe(401);
    expect((await signin(email, 'brand-new-password')).statusCode).toBe(200);

    const again = await t.agent().post(CONFIRM, { token, password: 'another-password' });
    expect(again.statusCode).toBe(400);
    expect(json(again).message).toBe('This reset link is invalid or has expired. Ask for a new one.');
    expect((await signin(email, 'another-password')).statusCode).toBe(401);
  });

  it('a used link retires the other links sent to that account', async () => {
    const { email } = await signedUpUser();
    const first = await mailedLink(email);
    const second = await mailedLink(email);
    expect(second.token).not.toBe(first.token);
    expect(
      (await t.agent().post(CONFIRM, { token: second.token, password: 'second-password' })).statusCode,
    ).toBe(200);
    const stale = await t.agent().post(CONFIRM, { token: first.token, password: 'first-password' });
    expect(stale.statusCode).toBe(400);
    expect((await signin(email, 'second-password')).statusCode).toBe(200);
  });

  it('accepts a link within the hour and refuses it after', async () => {
    const { email } = await signedUpUser();
    const early = await mailedLink(email);
    const late = await mailedLink(email);
    try {
      clockOffset = 61 * MINUTE;
      const expired = await t.agent().post(CONFIRM, { token: late.token, password: 'too-late-password' });
      expect(expired.statusCode).toBe(400);
      expect(json(expired).message).toBe('This reset link is invalid or has expired. Ask for a new one.');
      clockOffset = 59 * MINUTE;
      const inTime = await t.agent().post(CONFIRM, { token: early.token, password: 'in-time-password' });
      expect(inTime.statusCode).toBe(200);
    } finally {
      clockOffset = 0;
    }
    expect((await signin(email, 'too-late-password')).statusCode).toBe(401);
    expect((await signin(email, 'in-time-password')).statusCode).toBe(200);
  });

  it('refuses an unknown token with 400', async () => {
    const res = await t.agent().post(CONFIRM, { token: 'x'.repeat(43), password: 'whatever-password' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('This reset link is invalid or has expired. Ask for a new one.');
  });

  it('answers 400 with the form messages to a bad body', async () => {
    const short = await t.agent().post(CONFIRM, { token: 'x'.repeat(43), password: '123' });
    expect(short.statusCode).toBe(400);
    expect(json(short).errors).toEqual({ password: 'Password must be at least 8 characters' });
    const noToken = await t.agent().post(CONFIRM, { password: 'long-enough' });
    expect(noToken.statusCode).toBe(400);
    expect(json(noToken).errors).toHaveProperty('token');
  });
});

describe('without SMTP_URL', () => {
  it('writes the mail with the link to DATA_DIR/outbox, and the link works', async () => {
    const app = await createTestApp({ PUBLIC_URL });
    try {
      const email = `outbox-${crypto.randomUUID().slice(0, 8)}@example.com`;
      await app
        .agent()
        .post('/api/auth/signup', { email, password: PASSWORD, firstName: 'Ola', lastName: 'Nord' });
      const outbox = join(app.config.dataDir, 'outbox');
      const res = await app.agent().post(REQUEST, { email });
      expect(res.statusCode).toBe(200);

      const raw = await eventually(async () => {
        const files = await readdir(outbox).catch(() => [] as string[]);
        const eml = files.find((f) => f.endsWith('.eml'));
        return eml ? readFile(join(outbox, eml), 'utf8') : undefined;
      }, 'an .eml file in the outbox');
      expect(header(splitHeaders(raw)[0], 'to')).toBe(email);
      // The mail holds a working reset link: only the server's own user may read it.
      const [eml] = (await readdir(outbox)).filter((f) => f.endsWith('.eml'));
      expect((await stat(join(outbox, eml ?? ''))).mode & 0o777).toBe(0o600);
      expect((await stat(outbox)).mode & 0o077).toBe(0);
      const { link, token } = resetLink(raw);
      expect(link).toBe(`${PUBLIC_URL}/password-reset?token=${token}`);

      expect((await app.agent().post(CONFIRM, { token, password: 'outbox-password' })).statusCode).toBe(200);
      expect(
        (await app.agent().post('/api/auth/signin', { email, password: 'outbox-password' })).statusCode,
      ).toBe(200);
    } finally {
      await app.close();
    }
  }, 60_000);
});

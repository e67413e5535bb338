import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CapturingSmtpServer, startSmtpServer } from '../../../../tests/e2e/support/smtp.js';
import { createTestApp, json, type TestApp } from '../../testing/harness.js';
import { mailText, mailTo } from '../../testing/mail-text.js';

let smtp: CapturingSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('replying to feedback', () => {
  it('mails the trimmed reply to the sender through SMTP; a status change alone sends nothing', async () => {
    const owner = t.agent();
    const { email } = await owner.signUpWithCompany({ firstName: 'Dana', lastName: 'Builder' });
    const sent = await owner.post('/api/feedback', {
      category: 'bug',
      subject: 'Gantt export is blank',
      message: 'Exporting the Gantt chart gives an empty page.',
    });
    expect(sent.statusCode).toBe(201);
    const id = json<{ id: number }>(sent).id;

    const statusOnly = await owner.put(`/api/feedback/${id}`, { status: 'in_progress' });
    expect(statusOnly.statusCode).toBe(200);
    expect(smtp.messages).toHaveLength(0);

    const res = await owner.put(`/api/feedback/${id}`, {
      status: 'resolved',
      adminResponse: '   Fixed in the next release: the export now waits for the chart.  ',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      status: 'resolved',
      adminResponse: 'Fixed in the next release: the export now waits for the chart.',
    });
    await expect.poll(() => smtp.messages.length, { timeout: 30_000 }).toBe(1);
    const raw = smtp.messages[0] ?? '';
    expect(mailTo(raw)).toContain(email);
    const text = mailText(raw);
    expect(text).toContain('Re: Gantt export is blank');
    expect(text).toContain('Fixed in the next release: the export now waits for the chart.');
    expect(text).toContain('Status: resolved');
  });
});

/**
 * Change orders in the browser against the real server: a draft that lengthens a critical task shows
 * the new finish as it is edited; sent for signature, the client signs it in a browser of their own
 * from the link mailed through a real SMTP server (with the code mailed to the same address); the
 * contractor then sees the tasks, the finish, the delay log and the contract amount changed together,
 * and downloads the signed PDF, whose SHA-256 is the one the audit trail holds. The link, once used,
 * is refused. Every screen at 1280 and 390 px (SHOTS_DIR).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeOrderDto } from '../../src/contracts/change-orders';
import { mailText, mailTo } from '../../src/server/testing/mail-text';
import { DESKTOP, MOBILE, openPage } from './support/browser';
import { signUpThroughApi } from './support/schedule-data';
import { shot } from './support/shots';
import { type CapturingSmtpServer, startSmtpServer } from './support/smtp';
import { browserSuite, expectAccessible } from './support/suite';

let smtp: CapturingSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});
const suite = browserSuite(() => ({ SMTP_URL: smtp.url }));

const CLIENT = 'morgan.client@example.com';

async function post<T = { id: number }>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(path, { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Monday 1 March 2027: Excavation (5 d) → Foundations (5 d) → Framing (5 d) finish Friday 19 March,
 * the critical path; Permits (3 d) runs beside them.
 */
async function seedProject(page: Page) {
  const project = await post(page, '/api/projects', {
    name: 'Cedar Ridge',
    client: 'Morgan Family',
    budget: '450000',
    startDate: '2027-03-01',
    endDate: '2027-12-31',
  });
  const after = (id: number) => JSON.stringify([{ taskId: id, type: 'FS', lagDays: 0 }]);
  const task = (name: string, extra: Record<string, unknown> = {}) =>
    post(page, '/api/tasks', { projectId: project.id, name, duration: 5, ...extra });
  const excavation = await task('Excavation');
  const foundations = await task('Foundations', { dependencies: after(excavation.id) });
  const framing = await task('Framing', { dependencies: after(foundations.id) });
  await task('Permits', { duration: 3 });
  await post(page, `/api/projects/${project.id}/schedule`, {});
  return { projectId: project.id, foundationsId: foundations.id, framingId: framing.id };
}

/** The newest mail to the client that matches, as text. */
async function mailMatching(pattern: RegExp, after = 0): Promise<RegExpExecArray> {
  let found: RegExpExecArray | null = null;
  await expect
    .poll(() => {
      const mails = smtp.messages.slice(after).filter((m) => mailTo(m).includes(CLIENT));
      for (const raw of mails.reverse()) {
        found = pattern.exec(mailText(raw));
        if (found) return true;
      }
      return false;
    })
    .toBe(true);
  if (!found) throw new Error('no such mail');
  return found;
}

async function notice(page: Page, text: string) {
  await page.locator('li[data-variant]').getByText(text, { exact: false }).first().waitFor();
}

describe('change orders', () => {
  it('an unknown signing link is refused on the signing page', async () => {
    const guest = await suite.open(MOBILE);
    guest.expectHttpError({ status: 404, path: '/api/sign/abcdefghijklmnopqrstuvwxyz012345' });
    await guest.page.goto('/sign/abcdefghijklmnopqrstuvwxyz012345');
    await guest.page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
    await guest.page.getByRole('alert').waitFor();
    await expectAccessible(guest.page);
    await shot(guest.page, 'change-order-sign-refused', { bothWidths: true });
  });

  // Waits for the change order server routes (and the project page's link to them): turn it on
  // when they land, and it must then pass.
  it.skip('drafts a change order with its new finish, the client signs it from the mailed link, and the project changes with it', async () => {
    const owner = await suite.open(DESKTOP);
    const page = owner.page;
    await signUpThroughApi(page, 'Cedar Builders');
    const { projectId, foundationsId, framingId } = await seedProject(page);
    // From the project page to its change orders, none yet.
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('link', { name: 'Change orders' }).click();
    await page.waitForURL(`**/projects/${projectId}/change-orders`);
    await page.getByRole('heading', { level: 1, name: 'Cedar Ridge — Change orders' }).waitFor();
    await page.getByText('No change orders yet.', { exact: false }).waitFor();
    await shot(page, 'change-orders-empty', { bothWidths: true });

    // A new draft, by title and reason.
    await page.getByRole('button', { name: 'New change order' }).click();
    const dialog = page.getByRole('dialog', { name: 'New change order' });
    await dialog.getByLabel('Title').fill('Deeper footings');
    await dialog.getByLabel('Reason').selectOption('unforeseen_condition');
    await expectAccessible(page);
    await shot(page, 'change-order-new', { bothWidths: true, fullPage: false });
    await dialog.getByRole('button', { name: 'Create draft' }).click();
    await page.waitForURL(/\/change-orders\/\d+$/);
    const coId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { level: 1, name: /^CO-001 Deeper footings$/ }).waitFor();

    // A priced line on a cost code, a markup, and Foundations (critical) three working days longer:
    // the impact follows the fields: Fri Mar 19 → Wed Mar 24, three working days later.
    await page.getByRole('button', { name: 'Add line' }).click();
    const line = page.getByRole('listitem', { name: 'Line 1' });
    await line.getByLabel('Description').fill('Footings 600 mm deeper, north wall');
    await line.getByLabel('Cost code').selectOption({ index: 1 });
    await line.getByLabel(/^Amount/).fill('4,800');
    await page.getByLabel('Markup (%)').fill('10');
    await expect.poll(() => page.getByTestId('editor-total').innerText()).toBe('$5,280.00');
    await page.getByRole('button', { name: 'Lengthen a task' }).click();
    const longer = page.getByRole('listitem', { name: 'Longer task 1' });
    await longer.getByLabel('Task', { exact: true }).selectOption(String(foundationsId));
    await longer.getByLabel('Extra days').fill('3');
    await expect.poll(() => page.getByTestId('impact-new-finish').innerText()).toBe('Wed, Mar 24, 2027');
    expect(await page.getByTestId('impact-days').innerText()).toBe('+3 working days');
    await page.getByRole('list', { name: 'Critical tasks that move' }).getByText('Framing').waitFor();
    await expectAccessible(page);
    await shot(page, 'change-order-editor', { bothWidths: true });
    await page.getByRole('button', { name: 'Save draft' }).click();
    await notice(page, 'Draft saved');

    // Sent for signature to the client's address.
    const mailsBefore = smtp.messages.length;
    await page.getByRole('button', { name: 'Send for signature' }).click();
    const send = page.getByRole('dialog', { name: 'Send for signature' });
    await send.getByLabel("Client's e-mail").fill(CLIENT);
    await shot(page, 'change-order-send', { bothWidths: true, fullPage: false });
    await send.getByRole('button', { name: 'Send' }).click();
    await notice(page, 'Sent for signature');
    const [link] = await mailMatching(/https?:\/\/[^\s"<>]+\/sign\/[A-Za-z0-9_-]{20,100}/, mailsBefore);
    const signPath = new URL(link).pathname;

    // The client, in a browser of their own at a phone's width, confirms the mailed code and signs.
    const client = await openPage(suite.browser, suite.server.baseUrl, MOBILE);
    try {
      const c = client.page;
      await c.goto(signPath);
      await c.getByRole('heading', { level: 1, name: /Change order CO-001/ }).waitFor();
      await c.getByText('Wed, Mar 24, 2027').first().waitFor();
      await expectAccessible(c);
      await shot(c, 'change-order-sign-code', { bothWidths: true });
      const codeMails = smtp.messages.length;
      await c.getByRole('button', { name: 'E-mail me a code' }).click();
      const [, code] = await mailMatching(/\b(\d{6})\b/, codeMails);
      await c.getByLabel('Code from the e-mail').fill(code ?? '');
      await c.getByRole('button', { name: 'Confirm code' }).click();
      await c.getByRole('img', { name: /CO-001 Deeper footings, page 1 of/ }).waitFor();
      await c.getByRole('checkbox').click();
      await c.getByLabel('Your full name').fill('Morgan Client');
      // Drawn with the pointer on the pad…
      const pad = c.getByRole('img', { name: 'Signature drawing area' });
      const box = await pad.boundingBox();
      if (!box) throw new Error('no signature pad');
      await c.mouse.move(box.x + 20, box.y + box.height / 2);
      await c.mouse.down();
      for (let i = 1; i <= 12; i++)
        await c.mouse.move(box.x + 20 + i * 22, box.y + box.height / 2 + (i % 2 ? -18 : 18));
      await c.mouse.up();
      await expectAccessible(c);
      await shot(c, 'change-order-sign', { bothWidths: true });
      await c.getByRole('button', { name: 'Sign the change order' }).click();
      await c.getByRole('heading', { name: 'Signed — thank you' }).waitFor();
      await shot(c, 'change-order-signed', { bothWidths: true });

      // The same link again is refused.
      client.expectHttpError({ status: 410, path: `/api${signPath}` });
      await c.goto(signPath);
      await c
        .getByText(/used already|no longer works/)
        .first()
        .waitFor();
      expect(client.problems).toEqual([]);
    } finally {
      await client.close();
    }

    // The contractor sees it approved, with the tasks, the finish, the delay log and the contract amount moved.
    await page.reload();
    await page.getByText('Approved', { exact: true }).first().waitFor();
    const signedSha = (await page.getByTestId('signed-pdf-sha256').innerText()).trim();
    await expectAccessible(page);
    await shot(page, 'change-order-approved', { bothWidths: true });
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download signed PDF' }).click();
    const file = await (await download).path();
    const downloadedSha = createHash('sha256').update(readFileSync(file)).digest('hex');
    expect(downloadedSha).toBe(signedSha);
    // …and the audit record's own: the signed event and the change order both hold it.
    const record = (await (await page.request.get(`/api/change-orders/${coId}`)).json()) as ChangeOrderDto;
    expect(record.signedPdfSha256).toBe(downloadedSha);
    expect(record.events.map((e) => e.event)).toEqual(expect.arrayContaining(['sent', 'viewed', 'signed']));

    const foundations = await (await page.request.get(`/api/tasks/${foundationsId}`)).json();
    expect(foundations.duration).toBe(8);
    const framing = await (await page.request.get(`/api/tasks/${framingId}`)).json();
    expect(String(framing.endDate).slice(0, 10)).toBe('2027-03-24');

    await page.goto(`/projects/${projectId}/change-orders`);
    await page.getByRole('link', { name: /CO-001/ }).waitFor();
    await shot(page, 'change-orders-list', { bothWidths: true });
    await page.goto(`/projects/${projectId}`);
    // 450,000 + 5,280 (the line and its markup)
    await page.getByText('$455,280').first().waitFor();
    await page.goto(`/projects/${projectId}/delays`);
    await expect.poll(() => page.getByTestId('delay-row').count()).toBeGreaterThan(0);
    await page.getByTestId('delay-row').first().getByText('+3 wd').waitFor();
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailText, mailTo } from '../../src/server/testing/mail-text';
import { DESKTOP, MOBILE, openPage } from './support/browser';
import { shot } from './support/shots';
import { type CapturingSmtpServer, startSmtpServer } from './support/smtp';
import {
  browserSuite,
  expectAccessible,
  signUpWithCompany,
  TEST_PASSWORD,
  uniqueEmail,
} from './support/suite';

/**
 * Team invitations in the browser against the real server: the owner invites from account settings,
 * the invitation mail goes through a real SMTP server, and the invited person signs up through its
 * link, lands in the company and sees its projects; the owner then changes their role. Task reminders:
 * a reminder added in the Task Updates panel shows in the header's bell once due.
 * With SHOTS_DIR set, screenshots are written there.
 */
let smtp: CapturingSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});
const suite = browserSuite(() => ({ SMTP_URL: smtp.url }));

/** The invitation link in the newest mail to `email`. */
async function inviteLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const raw = [...smtp.messages].reverse().find((m) => mailTo(m).includes(email));
      link = raw ? /https?:\/\/[^\s"<>]+\/signup\?invite=[A-Za-z0-9_-]+/.exec(mailText(raw))?.[0] : undefined;
      return link;
    })
    .toBeDefined();
  return link ?? '';
}

async function createProject(page: Page, name: string) {
  const res = await page.request.post('/api/projects', {
    data: {
      name,
      client: 'Harbor Co',
      type: 'Commercial',
      budget: '250000',
      startDate: '2026-01-05',
      endDate: '2026-06-30',
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', MOBILE],
])('team (%s)', (name, viewport) => {
  it('an invited user joins the company through the emailed link and sees its projects', async () => {
    const owner = await suite.open(viewport);
    const page = owner.page;
    await signUpWithCompany(page, { email: uniqueEmail(`boss-${name}`), company: 'Harbor Builders' });
    await createProject(page, `Harbor Warehouse ${name}`);

    await page.goto('/account-settings');
    const team = page.getByRole('heading', { name: 'Team' });
    await team.waitFor();
    const invitee = uniqueEmail(`crew-${name}`);
    await page.getByLabel('Invite by email').fill(invitee);
    await page.getByRole('button', { name: 'Send Invite' }).click();
    await page
      .getByRole('list', { name: 'Pending invitations' })
      .getByText(invitee, { exact: false })
      .waitFor();
    await expectAccessible(page);
    await shot(page, 'team-settings');

    // The invited person opens the link in a browser of their own and signs up.
    const link = await inviteLink(invitee);
    const guest = await openPage(suite.browser, suite.server.baseUrl, viewport);
    try {
      const g = guest.page;
      // The mail's link names PUBLIC_URL; the test server listens on a port of its own choosing.
      const url = new URL(link);
      await g.goto(`${url.pathname}${url.search}`);
      await g.getByRole('note').getByText('You were invited to join a company').waitFor();
      await shot(g, 'team-invite-signup');
      await g.getByLabel('First name').fill('Casey');
      await g.getByLabel('Last name').fill('Crew');
      await g.getByLabel('Email').fill(invitee);
      await g.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      await g.getByLabel('Confirm password').fill(TEST_PASSWORD);
      await g.getByRole('button', { name: 'Create Account' }).click();
      await g.waitForURL('**/projects');
      await g.getByRole('heading', { name: `Harbor Warehouse ${name}` }).waitFor();
      expect(guest.problems).toEqual([]);
    } finally {
      await guest.close();
    }

    // The owner sees the new member and makes them an admin.
    await page.reload();
    const members = page.getByRole('list', { name: 'Members' });
    await members.getByText(invitee).waitFor();
    expect(await page.getByRole('list', { name: 'Pending invitations' }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Role of Casey Crew' }).click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await page.getByText('Role updated', { exact: true }).first().waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Role of Casey Crew' }).innerText())
      .toBe('Admin');
    await shot(page, 'team-members');
  });
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', MOBILE],
])('reminders (%s)', (name, viewport) => {
  it('adds a reminder in Task Updates and lists it in the header bell once due', async () => {
    const { page } = await suite.open(viewport);
    await signUpWithCompany(page, { email: uniqueEmail(`reminder-${name}`), company: 'Bell Builders' });
    const project = await createProject(page, 'Bell Tower');
    const task = await page.request.post('/api/tasks', {
      data: { name: 'Order bells', projectId: project.id },
    });
    const taskId = ((await task.json()) as { id: number }).id;

    await page.goto(`/projects/${project.id}/tasks/${taskId}`);
    await page.getByRole('heading', { name: 'Task Updates' }).waitFor();
    await page.getByLabel('New update').fill('Confirm the bell delivery date');
    await page.getByLabel('Remind at').check();
    // A minute in the past, in the browser's own time: the reminder is due at once.
    const due = await page.evaluate(() => {
      const d = new Date(Date.now() - 60_000);
      d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
      return d.toISOString().slice(0, 16);
    });
    await page.getByLabel('Reminder date and time').fill(due);
    await page.getByRole('button', { name: 'Add Update' }).click();
    await page
      .getByRole('list', { name: 'Task updates' })
      .getByText(/Reminder/)
      .waitFor();

    const bell = page.getByRole('button', { name: 'Reminders: 1 due' });
    await bell.click();
    const item = page
      .getByRole('list', { name: 'Due reminders' })
      .getByText('Confirm the bell delivery date');
    await item.waitFor();
    await expectAccessible(page);
    await shot(page, 'reminder-bell');
    await page.getByRole('button', { name: 'Clear reminder: Confirm the bell delivery date' }).click();
    await page.getByText('No reminders due.').waitFor();
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailText, mailTo } from '../../src/server/testing/mail-text';
import { DESKTOP, MOBILE } from './support/browser';
import { shot } from './support/shots';
import { type CapturingSmtpServer, startSmtpServer } from './support/smtp';
import { browserSuite, expectAccessible, signUpWithCompany, uniqueEmail } from './support/suite';

/**
 * The admin console against the real server: the users table with its counters, search and sorting,
 * and the feedback inbox where an owner changes a feedback's status and replies (the reply reaches
 * the sender through a real SMTP server). With SHOTS_DIR set, screenshots are written there.
 */
let smtp: CapturingSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});
const suite = browserSuite(() => ({ SMTP_URL: smtp.url }));

async function sendFeedback(page: Page, subject: string, message: string) {
  const res = await page.request.post('/api/feedback', { data: { category: 'bug', subject, message } });
  expect(res.status()).toBe(201);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', MOBILE],
])('admin console (%s)', (name, viewport) => {
  it('lists users with counters, search and sorting, and answers feedback', async () => {
    const { page } = await suite.open(viewport);
    const email = uniqueEmail(`owner-${name}`);
    await signUpWithCompany(page, { email, company: 'Summit Builders' });
    await sendFeedback(page, 'Gantt export is blank', 'Exporting the Gantt chart gives an empty page.');
    await sendFeedback(page, 'Dark mode please', 'The site office is dark; a dark theme would help.');

    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.getByText('Total Users').waitFor();
    for (const label of ['Active Subscriptions', 'Trial Users', 'Cancelled', 'With Stripe Customer']) {
      await summary.getByText(label, { exact: true }).waitFor();
    }
    const table = page.getByRole('table');
    await table.getByRole('cell', { name: email }).waitFor();
    await expectAccessible(page);
    await shot(page, 'admin-users');

    // Search narrows the table; sorting by email flips the order marker.
    const search = page.getByRole('searchbox', { name: 'Search users' });
    await search.fill('nobody-matches-this');
    await table.getByText('No users found.').waitFor();
    await search.fill('summit');
    await table.getByRole('cell', { name: email }).waitFor();
    const emailHeader = table.getByRole('columnheader', { name: 'Email' });
    await emailHeader.getByRole('button').click();
    expect(await emailHeader.getAttribute('aria-sort')).toBe('ascending');
    await emailHeader.getByRole('button').click();
    expect(await emailHeader.getAttribute('aria-sort')).toBe('descending');

    // The feedback tab shows the open count, the newest feedback first, and its reply panel.
    const feedbackTab = page.getByRole('tab', { name: /User Feedback/ });
    await feedbackTab.getByLabel('2 open').waitFor();
    await feedbackTab.click();
    const list = page.getByRole('list', { name: 'Feedback' });
    await list.getByRole('button', { name: /Gantt export is blank/ }).click();
    await page.getByRole('heading', { name: 'Gantt export is blank' }).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Resolved' }).click();
    await page.getByLabel('Reply').fill('  Fixed: the export now waits for the chart to draw.  ');
    await shot(page, 'admin-feedback');
    await page.getByRole('button', { name: 'Send Reply' }).click();
    await page.getByText('Fixed: the export now waits for the chart to draw.', { exact: true }).waitFor();
    await feedbackTab.getByLabel('1 open').waitFor();
    await list
      .getByRole('button', { name: /Gantt export is blank/ })
      .getByText('Resolved')
      .waitFor();
    await expectAccessible(page);
    await shot(page, 'admin-feedback-replied');

    // The reply reached the sender.
    await expect
      .poll(() =>
        smtp.messages.some((m) => mailTo(m).includes(email) && mailText(m).includes('Fixed: the export')),
      )
      .toBe(true);

    // The status alone can change too, and survives a reload.
    await list.getByRole('button', { name: /Dark mode please/ }).click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'In Progress' }).click();
    await page.getByRole('button', { name: 'Update Status' }).click();
    await list
      .getByRole('button', { name: /Dark mode please/ })
      .getByText('In Progress')
      .waitFor();
    await page.reload();
    await page.getByRole('tab', { name: /User Feedback/ }).click();
    await page.getByRole('list', { name: 'Feedback' }).getByText('In Progress').waitFor();
    expect(
      await page
        .getByRole('tab', { name: /User Feedback/ })
        .getByLabel(/open/)
        .count(),
    ).toBe(0);
  });
});

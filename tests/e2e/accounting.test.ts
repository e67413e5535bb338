/**
 * Money billed and the books: an owner drafts a client invoice for a project with the keyboard,
 * approves it and sees it counted as billed; then maps a job and a cost code on the accounting
 * screen and downloads an IIF file that holds the invoice under the mapped Customer:Job, with the
 * list of what could not be mapped beside the export; at desktop and phone widths.
 */
import { describe, expect, it } from 'vitest';
import type { InvoiceListDto } from '../../src/contracts/accounting';
import { DESKTOP, MOBILE } from './support/browser';
import { shot } from './support/shots';
import { browserSuite, expectAccessible, signUpWithCompany, uniqueEmail } from './support/suite';

const suite = browserSuite();

describe('client invoices and the accounting export', () => {
  it('drafts and approves an invoice, maps the job and exports it', async () => {
    const { page } = await suite.open(DESKTOP);
    await signUpWithCompany(page, { email: uniqueEmail('accounting') });
    const created = await page.request.post('/api/projects', {
      data: {
        name: 'Harbor kitchen',
        client: 'Lee Family',
        type: 'Residential',
        budget: '48000.50',
        startDate: '2027-03-01',
        endDate: '2027-06-30',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const projectId = ((await created.json()) as { id: number }).id;

    await page.goto(`/projects/${projectId}`);
    await page.getByRole('link', { name: 'Invoices' }).click();
    await page.waitForURL(`**/projects/${projectId}/invoices`);
    await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    await page.getByRole('button', { name: 'New invoice' }).click();

    // The form by keyboard: a line's description, Tab to its amount, a second line, then save.
    await page.getByLabel('Invoice date').fill('2027-03-15');
    await page.getByLabel('Due date').fill('2027-04-14');
    await page.getByLabel('Line 1 description').fill('Demolition and framing');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown'); // its cost code: the first of the company's
    await page.keyboard.press('Tab');
    await page.keyboard.type('12,500.25');
    await page.getByRole('button', { name: 'Add line' }).press('Enter');
    await page.getByLabel('Line 2 description').fill('Permit');
    await page.getByLabel('Line 2 amount').fill('-3');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Give an amount, such as 1250.00').waitFor();
    await shot(page, 'invoice-form', { bothWidths: true });
    await page.getByLabel('Line 2 amount').fill('350');
    await page.getByRole('button', { name: 'Save draft' }).press('Enter');
    await page.getByRole('heading', { name: 'INV-001' }).waitFor();
    await expect.poll(() => page.getByText('$12,850.25').count()).toBeGreaterThan(0);
    await expectAccessible(page);
    await shot(page, 'invoices-draft', { bothWidths: true });

    const listed = (await (
      await page.request.get(`/api/projects/${projectId}/invoices`)
    ).json()) as InvoiceListDto;
    expect(listed.invoices[0]?.lines.map((l) => [l.amountCents, l.costCodeId !== null])).toEqual([
      [1_250_025, true],
      [35_000, false],
    ]);
    // A draft changes: its memo, kept with its lines.
    await page.getByRole('button', { name: 'Change INV-001' }).click();
    await page.getByLabel('Memo').fill('Draw 1');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('· Draw 1').waitFor();
    await page.getByRole('button', { name: 'Approve INV-001' }).click();
    await page.getByText('Approved', { exact: true }).waitFor();
    const billed = page.locator('dl div', { hasText: 'Billed (approved)' }).locator('dd');
    await expect.poll(() => billed.innerText()).toBe('$12,850.25');
    const left = page.locator('dl div', { hasText: 'Left to bill' }).locator('dd');
    await expect.poll(() => left.innerText()).toBe('$35,150.25');
    await shot(page, 'invoices-approved', { bothWidths: true });

    // The accounting screen, from account settings.
    await page.goto('/account-settings');
    await page.getByRole('link', { name: 'Open Accounting' }).click();
    await page.waitForURL('**/settings/accounting');
    await page.getByRole('heading', { level: 1, name: 'Accounting' }).waitFor();
    await page.getByText('Jobs written under their default name:').waitFor();
    await page.getByLabel('Harbor kitchen').fill('Lee:Harbor kitchen');
    await page.getByLabel('Income account').fill('Income:Remodels');
    await page.getByRole('button', { name: 'Save mapping' }).press('Enter');
    await page.getByText('Mapping saved.').waitFor();
    await page.getByText('everything is mapped').waitFor();
    await expectAccessible(page);
    await shot(page, 'accounting-settings', { bothWidths: true });
    await shot(page, 'accounting-settings-top', { fullPage: false, bothWidths: true });

    const href = await page.getByRole('link', { name: 'Download file' }).getAttribute('href');
    expect(href).toBe('/api/accounting/export?format=iif');
    const file = await page.request.get(href ?? '');
    expect(file.status()).toBe(200);
    const rows = (await file.text()).split('\r\n').map((l) => l.split('\t'));
    const trns = rows.find((r) => r[0] === 'TRNS');
    expect(trns?.slice(2, 7)).toEqual([
      'INVOICE',
      '03/15/2027',
      'Accounts Receivable',
      'Lee:Harbor kitchen',
      '12850.25',
    ]);
    expect(rows.filter((r) => r[0] === 'SPL').map((r) => r[4])).toEqual([
      'Income:Remodels',
      'Income:Remodels',
    ]);

    // The phone width: nothing wider than the screen.
    await page.setViewportSize(MOBILE);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Accounting' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await page.goto(`/projects/${projectId}/invoices`);
    await page.getByRole('heading', { name: 'INV-001' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOBILE } from './support/browser';
import { browserSuite, expectAccessible, signUpWithCompany, uniqueEmail } from './support/suite';

const suite = browserSuite();

/**
 * Waits for a notice with exactly this title (or description). Found by the toast's own attribute:
 * while a dialog is open, everything outside it is aria-hidden, so a role query would miss it.
 */
async function notice(page: Page, text: string) {
  await page.locator('li[data-variant]').getByText(text, { exact: true }).waitFor();
}

async function openContacts(page: Page) {
  await page.goto('/contacts');
  await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
}

const card = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Contacts' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

const shownNames = (page: Page) =>
  page.getByRole('list', { name: 'Contacts' }).getByRole('heading', { level: 2 }).allTextContents();

describe('the Contacts screen', () => {
  it('adds, edits, searches, filters by tab and deletes contacts', async () => {
    const t = await suite.open();
    const { page } = t;
    await signUpWithCompany(page, { email: uniqueEmail('contacts') });
    await openContacts(page);
    await page.getByText('No contacts found.').waitFor();
    await page.getByRole('tab', { name: 'All (0)' }).waitFor();

    // Add Contact: the form's messages, then the fields a subcontractor carries.
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Add New Contact' }).waitFor();
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Invalid email address').waitFor();
    expect(await dialog.getByLabel('Rating (1–5)').count()).toBe(0);
    await dialog.getByLabel('Name').fill('Dave Kowalski');
    await dialog.getByLabel('Company').fill('Front Range Plumbing');
    await dialog.getByLabel('Email').fill('dave@frontrange.example');
    await dialog.getByLabel('Phone').fill('(303) 555-0177');
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Subcontractor' }).click();
    await dialog.getByLabel('Rating (1–5)').fill('4.55');
    const specialties = dialog.getByLabel('Specialties', { exact: true });
    await specialties.fill('Plumbing');
    await specialties.press('Enter');
    await specialties.fill('Gas lines');
    await dialog.getByRole('button', { name: 'Add specialty' }).click();
    await dialog.getByRole('button', { name: 'Remove Gas lines' }).waitFor();
    await dialog.getByLabel('Licensed Contractor').check();
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await dialog.getByText('Rating must be in steps of 0.1').waitFor();
    await dialog.getByLabel('Rating (1–5)').fill('4.5');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await notice(page, 'Contact Created');
    const dave = card(page, 'Dave Kowalski');
    await dave.getByText('Subcontractor', { exact: true }).waitFor();
    await dave.getByText('Licensed', { exact: true }).waitFor();
    await dave.getByText('Rated 4.5 out of 5').waitFor();
    await dave.getByText('Gas lines').waitFor();
    expect(await dave.getByRole('link', { name: 'dave@frontrange.example' }).getAttribute('href')).toBe(
      'mailto:dave@frontrange.example',
    );
    expect(await dave.getByRole('link', { name: '(303) 555-0177' }).getAttribute('href')).toBe(
      'tel:3035550177',
    );

    // A client shows no trade fields; the same name and email again is warned about.
    await page.getByRole('button', { name: 'Add Contact' }).click();
    await dialog.getByLabel('Name').fill('dave  kowalski');
    await dialog.getByLabel('Email').fill('DAVE@frontrange.example');
    await dialog.getByText(/is already in your contacts/).waitFor();
    await dialog.getByLabel('Name').fill('Rosa Alvarez');
    await dialog.getByLabel('Email').fill('rosa@example.com');
    expect(await dialog.getByText(/is already in your contacts/).count()).toBe(0);
    expect(await dialog.getByLabel('Specialties', { exact: true }).count()).toBe(0);
    // A failure the server gives is told, and the dialog stays open.
    t.expectHttpError({ status: 409, path: '/api/contacts' });
    await page.route('**/api/contacts', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: '{"message":"Busy, try later"}',
          })
        : route.fallback(),
    );
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await notice(page, 'Failed to create contact: Busy, try later');
    await page.unroute('**/api/contacts');
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await notice(page, 'Contact Created');
    await card(page, 'Rosa Alvarez').getByText('Client', { exact: true }).waitFor();

    // Tabs and search.
    await page.getByRole('tab', { name: 'All (2)' }).waitFor();
    await page.getByRole('tab', { name: 'Clients' }).click();
    expect(await shownNames(page)).toEqual(['Rosa Alvarez']);
    await page.getByRole('tab', { name: 'Contractors' }).click();
    expect(await shownNames(page)).toEqual(['Dave Kowalski']);
    await page.getByRole('tab', { name: 'Vendors' }).click();
    await page.getByText('No contacts found.').waitFor();
    await page.getByRole('tab', { name: 'All (2)' }).click();
    const search = page.getByRole('searchbox', { name: /Search contacts/ });
    await search.fill('gas');
    await expect.poll(() => shownNames(page)).toEqual(['Dave Kowalski']);
    await search.fill('rosa@');
    await expect.poll(() => shownNames(page)).toEqual(['Rosa Alvarez']);
    await search.fill('');
    await expectAccessible(page);

    // Edit (a click on the card): whole stars, then another type clears the trade fields.
    await dave.getByText('Front Range Plumbing').click();
    await dialog.getByRole('heading', { name: 'Edit Contact' }).waitFor();
    await dialog.getByRole('button', { name: '3 stars' }).click();
    await dialog.getByRole('button', { name: 'Update Contact' }).click();
    await notice(page, 'Contact updated');
    await dave.getByText('Rated 3 out of 5').waitFor();
    await page.getByRole('button', { name: 'Edit Dave Kowalski' }).click();
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Vendor' }).click();
    expect(await dialog.getByLabel('Licensed Contractor').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Update Contact' }).click();
    await notice(page, 'Contact updated');
    await dave.getByText('Vendor', { exact: true }).waitFor();
    expect(await dave.getByText('Licensed', { exact: true }).count()).toBe(0);
    await dave.getByText('Rated 3 out of 5').waitFor();

    // Delete, after confirming.
    await card(page, 'Rosa Alvarez').getByRole('button', { name: 'Delete Rosa Alvarez' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete "Rosa Alvarez"?', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Delete Contact' }).click();
    await notice(page, 'Contact deleted');
    await expect.poll(() => shownNames(page)).toEqual(['Dave Kowalski']);
    await page.getByRole('tab', { name: 'All (1)' }).waitFor();
  });

  it('imports a CSV after its preview, and offers client contacts in the New Project dialog (phone)', async () => {
    const t = await suite.open(MOBILE);
    const { page } = t;
    await signUpWithCompany(page, { email: uniqueEmail('contacts-import') });
    await openContacts(page);

    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Import Contacts' }).waitFor();
    const csv = [
      'Full Name,Company,E-mail,Phone,Trade',
      'Harper Family,,harper@example.com,720-555-0188,',
      'Cara Diaz,,cara-at-example.com,,',
      'Bo Chen,Chen Drywall,bo@chen.example,,Drywall; Taping',
      'Harper Family,,HARPER@example.com,,',
    ].join('\n');
    await dialog.getByLabel('Contact list file').setInputFiles({
      name: 'clients.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const summary = dialog.getByTestId('import-summary');
    await summary.getByText('2 to create').waitFor();
    await summary.getByText('1 invalid').waitFor();
    await summary.getByText('1 duplicate skipped').waitFor();
    const bad = dialog.locator('tr[data-status="invalid"]');
    await bad.getByText('Cara Diaz').waitFor();
    await bad.getByText('Invalid email address').waitFor();
    await dialog.locator('tr[data-status="duplicate"]').getByText('Same as row 2').waitFor();
    // The file has no type column: rows take the type chosen for them, and the preview follows.
    expect(await dialog.getByRole('combobox', { name: 'Type', exact: true }).textContent()).toContain(
      'Not imported',
    );
    await expectAccessible(page);
    const importButton = dialog.getByRole('button', { name: 'Import 2 contacts' });
    await importButton.click();
    await notice(page, 'Contacts imported');
    await notice(page, '2 contacts created; 1 duplicate and 1 invalid row skipped.');
    await card(page, 'Harper Family').getByText('Client', { exact: true }).waitFor();
    await card(page, 'Bo Chen').waitFor();
    await page.getByRole('tab', { name: 'All (2)' }).waitFor();

    // New Project: the client is picked among the client contacts, or saved as a new one.
    await page.goto('/projects');
    await page.getByRole('button', { name: 'New Project' }).click();
    await dialog.getByRole('heading', { name: 'Create New Project' }).waitFor();
    const client = dialog.getByRole('combobox', { name: 'Client' });
    await client.fill('harp');
    await dialog.getByRole('option', { name: /Harper Family/ }).click();
    expect(await client.inputValue()).toBe('Harper Family');
    expect(await dialog.getByText(/as a new client contact/).count()).toBe(0);
    await dialog.getByLabel('Project Name').fill('Harper Kitchen');
    await dialog.getByLabel('Budget ($)').fill('85000');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await notice(page, 'Project created successfully!');
    await page.getByText('Residential • Harper Family').waitFor();

    await page.getByRole('button', { name: 'New Project' }).click();
    await dialog.getByLabel('Project Name').fill('Lee Deck');
    await dialog.getByLabel('Budget ($)').fill('12000');
    await client.fill('Morgan Lee');
    await dialog.getByLabel('Save “Morgan Lee” as a new client contact').check();
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await dialog.getByText('Invalid email address').waitFor();
    await dialog.getByLabel('Client email').fill('morgan@example.com');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await notice(page, 'Project created successfully!');
    await openContacts(page);
    await card(page, 'Morgan Lee').getByRole('link', { name: 'morgan@example.com' }).waitFor();
  });
});

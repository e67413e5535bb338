/**
 * Screenshots of /contacts (the list, a tab, an empty search, the create and edit dialogs, the import
 * preview) and of the New Project dialog's client suggestions, at 1280 px and 390 px, against the
 * real server. Written to ./screenshots/ (git-ignored) or to SHOTS_DIR.
 * Run: npx tsx tests/e2e/screenshots-contacts.ts
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { type AppServer, startAppServer } from './support/app-server';
import { animationsFinished, DESKTOP, launchBrowser, MOBILE, openPage } from './support/browser';

const OUT = process.env.SHOTS_DIR ?? resolve(import.meta.dirname, '../../screenshots');

async function shoot(page: Page, name: string, width: number, fullPage = true) {
  await animationsFinished(page);
  await page.screenshot({ path: join(OUT, `contacts-${name}-${width}.png`), fullPage });
}

async function signUpWithCompany(page: Page, email: string) {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Builder');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('concrete-42');
  await page.getByLabel('Confirm password').fill('concrete-42');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/subscription-setup');
  await page.getByRole('link', { name: 'Set up my company' }).click();
  await page.waitForURL('**/onboarding');
  await page.getByLabel('Company name').fill('Summit Builders');
  await page.getByRole('combobox', { name: 'Company type' }).click();
  await page.getByRole('option', { name: 'General Contractor' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: "You're all set" }).waitFor();
}

const CONTACTS = [
  {
    name: 'Rosa Alvarez',
    company: 'Alvarez Family Trust',
    email: 'rosa.alvarez@example.com',
    phone: '303-555-0142',
    type: 'client',
  },
  { name: 'Harper Family', email: 'harper.family@example.com', phone: '(720) 555-0188', type: 'client' },
  {
    name: 'Dave Kowalski',
    company: 'Front Range Plumbing & Heating',
    email: 'dave@frontrangeplumbing.example',
    phone: '303-555-0177',
    type: 'subcontractor',
    rating: 4.5,
    licensed: true,
    specialties: ['Plumbing', 'Gas lines', 'Boilers'],
  },
  {
    name: 'Ana Ruiz',
    company: 'Ruiz Electric',
    email: 'ana@ruizelectric.example',
    phone: '+1 303 555 0101',
    type: 'subcontractor',
    rating: 3.8,
    licensed: true,
    specialties: ['Electrical', 'Low voltage'],
  },
  {
    name: 'Lena Ortiz',
    company: 'Mile High Lumber',
    email: 'orders@milehighlumber.example',
    type: 'vendor',
    rating: 4,
    specialties: ['Lumber', 'Trusses'],
  },
  {
    name: 'Tom Becker',
    company: 'Becker Architects',
    email: 'tom@beckerarch.example',
    phone: '303-555-0120',
    type: 'architect',
  },
];

const IMPORT_CSV = [
  'Full Name,Company,E-mail,Phone,Category,Trade,License #',
  'Bo Chen,Chen Drywall,bo@chendrywall.example,303-555-0110,Subcontractor,Drywall; Taping,C-7 #55120',
  'Cara Diaz,,cara-at-example.com,,Client,,',
  'Eve Fox,Fox Design Studio,eve@foxdesign.example,,Architect,,',
  'Dave Kowalski,Front Range Plumbing,dave@frontrangeplumbing.example,,Subcontractor,Plumbing,yes',
  'Gus Hale,Hale Supply,gus@halesupply.example,,Supplier,Fasteners,',
].join('\n');

async function run(browser: Browser, server: AppServer, viewport: { width: number; height: number }) {
  const w = viewport.width;
  const t = await openPage(browser, server.baseUrl, viewport);
  const p = t.page;
  await signUpWithCompany(p, `contacts-${w}-${Date.now()}@example.com`);
  for (const contact of CONTACTS) {
    const res = await p.request.post('/api/contacts', { data: contact });
    if (res.status() !== 201) throw new Error(`contact not created: ${await res.text()}`);
  }
  await p.goto('/contacts');
  await p.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
  await p.getByRole('heading', { name: 'Dave Kowalski' }).waitFor();
  await shoot(p, 'list', w);

  await p.getByRole('tab', { name: 'Contractors' }).click();
  await shoot(p, 'tab-contractors', w);
  await p.getByRole('tab', { name: /^All/ }).click();
  await p.getByRole('searchbox').fill('no such contact');
  await p.getByText('No contacts found.').waitFor();
  await shoot(p, 'empty-search', w);
  await p.getByRole('searchbox').fill('');

  await p.getByRole('button', { name: 'Add Contact' }).click();
  const dialog = p.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Dave Kowalski');
  await dialog.getByLabel('Email').fill('dave@frontrangeplumbing.example');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await p.getByRole('option', { name: 'Subcontractor' }).click();
  await dialog.getByLabel('Rating (1–5)').fill('4.5');
  for (const trade of ['Plumbing', 'Gas lines']) {
    await dialog.getByLabel('Specialties', { exact: true }).fill(trade);
    await dialog.getByLabel('Specialties', { exact: true }).press('Enter');
  }
  await shoot(p, 'create-dialog', w, false);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await p.getByRole('button', { name: 'Edit Ana Ruiz' }).click();
  await dialog.getByRole('heading', { name: 'Edit Contact' }).waitFor();
  await shoot(p, 'edit-dialog', w, false);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await p.getByRole('button', { name: 'Import' }).click();
  await dialog.getByLabel('Contact list file').setInputFiles({
    name: 'trade-partners.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(IMPORT_CSV),
  });
  await dialog.getByRole('table').waitFor();
  await shoot(p, 'import-preview', w, false);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await p.goto('/projects');
  await p.getByRole('button', { name: 'New Project' }).click();
  await dialog.getByLabel('Client', { exact: true }).fill('ha');
  await dialog.getByRole('option', { name: /Harper Family/ }).waitFor();
  await shoot(p, 'project-client-suggestions', w, false);
  await dialog.getByLabel('Client', { exact: true }).fill('Morgan Lee');
  await dialog.getByLabel(/Save “Morgan Lee” as a new client contact/).check();
  await shoot(p, 'project-save-client', w, false);
  await t.close();
  return t.problems;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const server = await startAppServer();
  const browser = await launchBrowser();
  const problems: string[] = [];
  try {
    for (const viewport of [DESKTOP, MOBILE]) problems.push(...(await run(browser, server, viewport)));
  } finally {
    await browser.close();
    await server.close();
  }
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exitCode = 1;
  }
  console.log(`screenshots in ${OUT}`);
}

await main();

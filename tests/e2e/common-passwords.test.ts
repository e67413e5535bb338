import { describe, it } from 'vitest';
import { MOBILE } from './support/browser';
import { browserSuite, signUpWithCompany, TEST_PASSWORD, uniqueEmail } from './support/suite';

/** A common password is refused by the server and the forms say so under the password field. */
const suite = browserSuite();
const MESSAGE = 'This password is one of the most common ones and easy to guess. Choose another.';

describe('common passwords in the forms', () => {
  it('sign-up says so under the password', async () => {
    const { page, expectHttpError } = await suite.open(MOBILE);
    expectHttpError({ status: 400, path: '/api/auth/signup' });
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Last name').fill('Builder');
    await page.getByLabel('Email').fill(uniqueEmail('common'));
    await page.getByLabel('Password', { exact: true }).fill('password123');
    await page.getByLabel('Confirm password').fill('password123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(MESSAGE).waitFor();
    await page.getByLabel('Password', { exact: true }).and(page.locator('[aria-invalid="true"]')).waitFor();
  });

  it('changing the password in account settings says so under the new password', async () => {
    const { page, expectHttpError } = await suite.open();
    expectHttpError({ status: 400, path: '/api/account/password' });
    await signUpWithCompany(page);
    await page.goto('/account-settings');
    await page.getByLabel('Current password').fill(TEST_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('qwerty123');
    await page.getByLabel('Confirm new password').fill('qwerty123');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText(MESSAGE).waitFor();
  });
});

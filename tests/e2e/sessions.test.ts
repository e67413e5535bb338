import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, openPage } from './support/browser';
import { shotOf } from './support/shots';
import {
  browserSuite,
  expectAccessible,
  signUpWithCompany,
  TEST_PASSWORD,
  uniqueEmail,
} from './support/suite';

/**
 * Signing out the other sessions from account settings: one user in two browsers (two contexts, so
 * two cookie jars); the first lists both sessions and signs the other out, and the other browser is
 * then sent to sign in. With SHOTS_DIR set, the sessions card at the desktop and the phone width.
 */
const suite = browserSuite();

describe('signed-in sessions', () => {
  it('lists both browsers, signs the other one out, and the other browser is sent to sign in', async () => {
    const email = uniqueEmail('sessions');
    const here = await suite.open(DESKTOP);
    await signUpWithCompany(here.page, { email });

    const there = await openPage(suite.browser, suite.server.baseUrl, MOBILE);
    try {
      const signIn = await there.page.request.post('/api/auth/signin', {
        data: { email, password: TEST_PASSWORD },
      });
      expect(signIn.status()).toBe(200);
      await there.page.goto('/account-settings');
      await there.page.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor();

      const page = here.page;
      await page.goto('/account-settings');
      const heading = page.getByRole('heading', { name: 'Signed-in Sessions' });
      await heading.waitFor();
      const list = page.getByRole('list', { name: 'Signed-in sessions' });
      await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
      await list.getByText('This browser').waitFor();
      await expectAccessible(page);
      const card = page.locator('.rounded-xl', { has: heading });
      await card.scrollIntoViewIfNeeded();
      await shotOf(card, 'sessions-card-1280');
      await page.setViewportSize(MOBILE);
      await card.scrollIntoViewIfNeeded();
      await shotOf(card, 'sessions-card-390');
      await page.setViewportSize(DESKTOP);

      await page.getByRole('button', { name: 'Sign Out Other Sessions' }).click();
      await page.getByText('One other session was signed out.').first().waitFor();
      await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Sign Out Other Sessions' }).isDisabled()).toBe(true);

      // The other browser's next visit finds its session gone and goes to sign in.
      await there.page.reload();
      await there.page.waitForURL((url) => url.pathname === '/signin');
      await there.page.getByRole('button', { name: 'Sign In' }).waitFor();

      // This one stays signed in.
      await page.reload();
      await heading.waitFor();
      expect(there.problems, 'the other browser: console or HTTP errors').toEqual([]);
    } finally {
      await there.close();
    }
  });
});

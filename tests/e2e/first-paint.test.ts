import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE } from './support/browser';
import { browserSuite, signUpWithCompany, uniqueEmail } from './support/suite';

const suite = browserSuite();
const HEADLINE = 'Stop juggling spreadsheets. Run every job from one place.';

describe('the page the server sends first', () => {
  it('is the landing page already drawn for a visitor, which the app then takes over', async () => {
    // Without scripts the landing page is there: its content does not wait for the app's code.
    const noScripts = await suite.browser.newContext({ javaScriptEnabled: false, viewport: MOBILE });
    try {
      const bare = await noScripts.newPage();
      const answer = await bare.goto(suite.server.baseUrl);
      expect(answer?.status()).toBe(200);
      expect(answer?.headers().vary ?? '').toMatch(/cookie/i);
      expect(await bare.getByRole('heading', { level: 1, name: HEADLINE }).isVisible()).toBe(true);
      expect(await bare.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin');
      // A visitor has no session to ask for.
      expect(await bare.locator('link[href="/api/auth/user"]').count()).toBe(0);
    } finally {
      await noScripts.close();
    }

    // With scripts, the app takes the same markup over (a mismatch would be a console error) and
    // answers clicks: the call to action moves the focus to the pricing section, the toggle switches.
    const { page } = await suite.open(DESKTOP);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();
    const pricing = page.locator('#pricing');
    const monthly = page.getByRole('button', { name: 'Monthly' });
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Start Building Your First Project' }).click();
        return pricing.evaluate((el) => el === document.activeElement);
      })
      .toBe(true);
    await monthly.click();
    await expect.poll(() => monthly.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  });

  it('is the app for a signed-in user at /, with the signed-in screens’ code preloaded', async () => {
    const { page } = await suite.open(DESKTOP);
    await signUpWithCompany(page, { email: uniqueEmail('first-paint') });
    const html = await (await page.request.get('/', { headers: { accept: 'text/html' } })).text();
    expect(html).not.toContain('data-prerendered');
    expect(html).not.toContain(HEADLINE);
    expect(html).toMatch(/<link rel="modulepreload"[^>]*signed-in-frame/);

    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Portfolio' }).waitFor();
  });
});

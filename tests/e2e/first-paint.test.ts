import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE } from './support/browser';
import { signUpThroughApi } from './support/schedule-data';
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

  it('preloads a project’s data for a signed-in user, and the app takes the preloaded answers', async () => {
    const { page } = await suite.open(DESKTOP);
    await signUpThroughApi(page);
    const created = await page.request.post('/api/projects', {
      data: {
        name: 'Harbor View Duplex',
        client: 'Ortiz Family',
        budget: '640000',
        startDate: '2026-03-02',
        endDate: '2026-09-30',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    for (const [day, name] of [
      ['2026-03-02', 'Excavation'],
      ['2026-03-09', 'Footings'],
    ] as const) {
      const res = await page.request.post('/api/tasks', {
        data: { projectId: id, name, startDate: day, endDate: day, duration: 1 },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    const reads = [`/api/projects/${id}`, `/api/projects/${id}/tasks`, `/api/projects/${id}/schedule`];

    const pageAt = async (address: string) =>
      (await page.request.get(address, { headers: { accept: 'text/html' } })).text();
    const preloads = (html: string) =>
      [
        ...html.matchAll(
          /<link rel="preload" href="([^"]+)" as="fetch" crossorigin="use-credentials"\s*\/?>/g,
        ),
      ].map((m) => m[1]);
    expect(preloads(await pageAt(`/projects/${id}?view=gantt`))).toEqual(['/api/auth/user', ...reads]);
    expect(preloads(await pageAt(`/projects/${id}`))).toEqual(['/api/auth/user', ...reads.slice(0, 2)]);
    expect(preloads(await pageAt('/contacts'))).toEqual(['/api/auth/user']);

    // Opened on the Gantt, the project's data is asked for once: by the page's preloads, whose
    // answers the app's own requests take instead of asking again.
    await page.goto(`/projects/${id}?view=gantt`);
    await page.locator('[data-gantt-scroller] [data-task-id]').first().waitFor();
    const fetched = (await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => {
        const entry = e as PerformanceResourceTiming;
        return { path: new URL(entry.name).pathname, by: entry.initiatorType };
      }),
    )) as { path: string; by: string }[];
    for (const path of reads) {
      expect(
        fetched.filter((f) => f.path === path),
        path,
      ).toEqual([{ path, by: 'link' }]);
    }

    // A user the gate sends elsewhere (no company yet) would only be refused the data: none is preloaded.
    await page.context().clearCookies();
    const signedUp = await page.request.post('/api/auth/signup', {
      data: {
        email: uniqueEmail('no-company'),
        password: 'concrete-pour-42',
        firstName: 'Ari',
        lastName: 'New',
      },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(201);
    expect(preloads(await pageAt('/projects'))).toEqual(['/api/auth/user']);
    expect(preloads(await pageAt(`/projects/${id}?view=gantt`))).toEqual(['/api/auth/user']);
  });
});

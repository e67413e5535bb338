import { afterAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, sharedBrowser } from './support/browser';

// The check every screen's test relies on: it must still report what fails a test, although it
// leaves out the rules that can report nothing worse than moderate, and keep axe's own choice of
// rules otherwise (its experimental rules stay out).
describe('the accessibility check of the browser tests', () => {
  const context = sharedBrowser().then((browser) => browser.newContext());
  afterAll(async () => (await context).close());

  it('reports serious and critical violations, and only those', async () => {
    const page = await (await context).newPage();
    await page.setContent(`<!doctype html><html lang="en"><head><title>Jobs</title></head><body>
      <main>
        <h1>Jobs</h1>
        <h4>Skips two heading levels (moderate)</h4>
        <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
        <button></button>
        <p style="color:#bbb;background:#fff">Pale text on white</p>
        <p style="font-weight:bold;font-size:2em">Budget</p>
        <p>Styled like a heading above (axe's experimental rule says so): concrete, framing, roofing
          and the finishes chosen by the owner at the start of the job.</p>
      </main>
      <div>Outside every landmark (moderate)</div>
    </body></html>`);

    const violations = await accessibilityViolations(page);
    const ids = violations.map((line) => line.split(' ')[0]);
    expect(ids.sort()).toEqual(['button-name', 'color-contrast', 'image-alt']);
  });

  it('reports nothing on a page without serious problems', async () => {
    const page = await (await context).newPage();
    await page.setContent(`<!doctype html><html lang="en"><head><title>Jobs</title></head><body>
      <main><h1>Jobs</h1><button>Add a job</button><p>Two jobs this week.</p></main>
    </body></html>`);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, NARROW, screenshot, signIn, startApp, type App, type Viewport } from './support';

/**
 * The jobs screen painted by the entry script before React has loaded
 * (src/features/jobs/first-paint.ts) against the screen React then renders: the same text,
 * values and boxes, so taking over changes nothing a user can see. The app's chunk is held
 * back to look at the first paint, then released.
 */

let app: App;

beforeAll(async () => {
  app = await startApp({ jobs: 400, timezoneId: 'Asia/Kolkata' });
});
afterAll(async () => {
  await app?.close();
});

const FIRST_PAINT = '[data-first-paint]';
const APP_CHUNK = /\/assets\/app-[\w-]+\.js$/;

/** Holds the app's chunk back, so the first paint stays on screen; the function returned lets it in. */
async function holdAppChunk(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
const ROW = 'section[aria-label="Jobs"] table tbody tr[data-job-id]';

/**
 * What a user sees of the screen: every element of it in document order, with its box, its
 * own text, and a field's value. Left out: what is never shown (the branch suggestions'
 * datalist, the table's visually hidden caption, hidden elements), and the notifications'
 * regions, which are React's alone and empty.
 */
function visible(page: Page) {
  return page.evaluate(() => {
    const screen = document.querySelector('#root > div')!;
    const out: { tag: string; text: string; value?: string; checked?: boolean; disabled?: boolean; box: string }[] = [];
    const walk = (el: Element) => {
      if (el.matches('datalist, caption, [hidden], .visually-hidden')) return;
      const r = el.getBoundingClientRect();
      const field = el as HTMLInputElement;
      const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('');
      out.push({
        tag: el.tagName.toLowerCase(),
        text: own.trim(),
        ...(/^(INPUT|SELECT)$/.test(el.tagName) ? { value: field.value, checked: field.checked } : {}),
        ...(el.tagName === 'BUTTON' && el.textContent !== 'Export CSV' ? { disabled: field.disabled } : {}),
        box: [r.x, r.y, r.width, r.height].map((v) => Math.round(v)).join(','),
      });
      for (const child of el.children) walk(child);
    };
    walk(screen);
    return out;
  });
}

async function compare(page: Page, path: string, viewport: Viewport, name: string) {
  await page.setViewportSize(viewport);
  const release = await holdAppChunk(page);
  await page.goto(`${app.url}${path}`);
  await page.locator(`${FIRST_PAINT} ${ROW}`).first().waitFor();
  // Inert: nothing in it takes focus or input, so nothing typed there can be lost.
  expect(await page.locator(FIRST_PAINT).evaluate((el) => (el as HTMLElement).inert)).toBe(true);
  await page.mouse.move(0, 0);
  await screenshot(page, `first-paint-${name}`);
  const early = await visible(page);
  const rows = await page.locator(`${FIRST_PAINT} ${ROW}`).allInnerTexts();
  const range = await page.locator(`${FIRST_PAINT} nav[aria-label="Pages"] p`).innerText();
  const hint = await page.locator(`${FIRST_PAINT} form[role="search"] p`).innerText();
  const status = await page.locator(`${FIRST_PAINT} select`).inputValue();
  release();
  await page.locator(FIRST_PAINT).waitFor({ state: 'detached' });
  await page.locator(ROW).first().waitFor();
  // The export button is disabled until its code is in, in both; wait until React's is enabled.
  await page.getByRole('button', { name: 'Export CSV' }).and(page.locator(':enabled')).waitFor();
  await screenshot(page, `first-paint-${name}-app`);
  const late = await visible(page);
  await page.unroute(APP_CHUNK);
  return { early, late, rows, range, hint, status };
}

describe('first paint of the jobs screen', () => {
  it('shows the screen React renders, at 1280 px, unfiltered', async () => {
    const { page } = app;
    await signIn(page, app.token, '/jobs');
    const { early, late, rows, range } = await compare(page, '/jobs', DESKTOP, '1280');
    expect(rows).toHaveLength(20);
    expect(range).toBe('1–20 of 400 jobs');
    expect(early).toEqual(late);
  });

  it('shows the same filters, page, hidden column and time zone as the app, at 768 px', async () => {
    const { page } = app;
    await page.evaluate(() => localStorage.setItem('dispatch.jobs.columns', JSON.stringify({ rider: false, amount: false })));
    const from = Math.floor(Date.UTC(2025, 0, 1) / 1000);
    const path = `/jobs?status=7&branch_id=LDN-01&page=2&timestamp_from=${from}`;
    const { early, late, rows, range, hint, status } = await compare(page, path, NARROW, '768-filtered');
    expect(early.map((e) => e.text)).not.toContain('Rider');
    // Chromium names this zone by its older ICU id.
    expect(hint).toMatch(/Times in Asia\/(Kolkata|Calcutta)\./);
    expect(status).toBe('7');
    expect(range).toMatch(/^21–/);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toContain('Delivered');
    expect(early).toEqual(late);
    await page.evaluate(() => localStorage.removeItem('dispatch.jobs.columns'));
  });

  it('is not painted for a screen it does not mirror, and the app shows that screen as before', async () => {
    const { page } = app;
    // An open drawer is left to the app.
    const id = await page.evaluate(() => Number(document.querySelector('tbody tr[data-job-id]')?.getAttribute('data-job-id')));
    let painted = false;
    await page.exposeFunction('__firstPaintSeen', () => (painted = true));
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('[data-first-paint]')) (window as unknown as { __firstPaintSeen(): void }).__firstPaintSeen();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${app.url}/jobs?job=${id}`);
    await page.getByRole('dialog').waitFor();
    await page.locator(ROW).first().waitFor();
    expect(painted).toBe(false);
    // The same watcher sees a plain load's first paint (so the check above can fail).
    await page.goto(`${app.url}/jobs`);
    await page.locator(ROW).first().waitFor();
    expect(painted).toBe(true);
  });

  it('paints a big page\'s first screenful while its body is still arriving, and React shows the same rows', async () => {
    const big = await startApp({ jobs: 400, pageSize: 250, timezoneId: 'Asia/Kolkata' });
    try {
      const page = await big.newPage();
      await signIn(page, big.token, '/jobs');
      const release = await holdAppChunk(page);
      await page.goto(`${big.url}/jobs`);
      await page.locator(`${FIRST_PAINT} ${ROW}`).first().waitFor();
      const pagination = page.locator('nav[aria-label="Pages"] p');
      // The totals come after the jobs in the body: the first paint does not wait for them.
      expect(await pagination.innerText()).toBe('Loading the rest of the page…');
      const rowsOf = () =>
        page.evaluate((selector) => {
          const rows = [...document.querySelectorAll<HTMLElement>(selector)];
          return rows
            .filter((row) => row.getBoundingClientRect().top < window.innerHeight)
            .map((row) => {
              const r = row.getBoundingClientRect();
              return { text: row.innerText, box: [r.x, r.y, r.width, r.height].map(Math.round).join(',') };
            });
        }, ROW);
      const early = await rowsOf();
      // As many rows as the window shows (the rest of the page is not laid out unseen).
      expect(early.length).toBeGreaterThan(10);
      expect(await page.locator(ROW).count()).toBe(Math.ceil(DESKTOP.height / 36) + 1);
      await screenshot(page, 'first-paint-big-page');
      release();
      await page.locator(FIRST_PAINT).waitFor({ state: 'detached' });
      await page.locator(ROW).first().waitFor();
      expect(await pagination.innerText()).toBe('1–250 of 400 jobs');
      expect(await rowsOf()).toEqual(early);
    } finally {
      await big.close();
    }
  });

  it('acts on a click made on the inert paint once React has taken over: the same button, row or field', async () => {
    const page = await app.newPage();
    await signIn(page, app.token, '/jobs');
    /** Loads /jobs with the app's chunk held back; clicks what `where` finds in the paint; lets the app in. */
    const clickOnPaint = async (where: string) => {
      const release = await holdAppChunk(page);
      await page.goto(`${app.url}/jobs`);
      const target = page.locator(`${FIRST_PAINT} ${where}`).first();
      await target.waitFor();
      const box = (await target.boundingBox())!;
      const jobId = await target.getAttribute('data-job-id');
      // Not locator.click(): the paint is inert, Playwright would wait for it to take clicks.
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      release();
      await page.locator(FIRST_PAINT).waitFor({ state: 'detached' });
      await page.unroute(APP_CHUNK);
      return jobId;
    };

    await clickOnPaint('button[aria-label="Next page"]');
    await page.waitForURL(/[?&]page=2(&|$)/);
    await page.getByText('21–40 of 400 jobs').waitFor();

    const secondRow = await clickOnPaint('tbody tr[data-job-id]:nth-child(2)');
    await page.waitForURL(/[?&]job=\d+/);
    expect(secondRow).toMatch(/^\d+$/);
    expect(new URL(page.url()).searchParams.get('job')).toBe(secondRow);
    await page.getByRole('dialog').waitFor();

    await clickOnPaint('input#fp-branch');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('e.g. LDN-01');
    await page.context().close();
  });

  it("says so, instead of leaving an inert screen, when the app's code cannot be downloaded", async () => {
    const page = await app.newPage();
    await signIn(page, app.token, '/jobs');
    // A new version deployed meanwhile: the old chunk is gone.
    await page.route(APP_CHUNK, (route) => route.abort());
    await page.goto(`${app.url}/jobs`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/^Dispatch could not load its code \(.+\)\. Reload the page to try again\.$/);
    expect(await page.locator(FIRST_PAINT).count()).toBe(0);
    await page.context().close();
  });
});

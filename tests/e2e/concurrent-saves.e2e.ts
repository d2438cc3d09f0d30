/**
 * Two managers saving the same branch at once, in Chromium: two pages of one browser (each its
 * own context and session) against the reference server, which names each branch's version in
 * an ETag and checks the save's If-Match in the transaction of its write.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signIn, startApp, type App } from './support';

/**
 * Each round races the two saves anew. A save that is not conditional on the version loaded
 * (no If-Match: the branch read just before the PUT, then written whatever happened meanwhile)
 * lets both land whenever the clicks fall within that read's window (about 80 ms; the clicks
 * are a few milliseconds apart in most rounds), and fails in the first round.
 */
const ROUNDS = 8;
const ID = 'MAD-01';

let app: App;

beforeAll(async () => {
  app = await startApp({ jobs: 60 });
});
afterAll(async () => {
  await app?.close();
});

const address = (page: Page) => page.getByLabel('Formatted address');
const conflict = (page: Page) => page.getByRole('dialog', { name: 'This branch changed on the server' });
const saved = (page: Page) => page.getByText('Branch saved', { exact: true });

async function openEditor(page: Page): Promise<void> {
  await page.goto(`${app.url}/branches/${ID}`);
  await page.getByRole('heading', { level: 1, name: /Madrid/ }).waitFor();
}

/** Opens the review: returns its Save, whose click sends the save (the one confirmation). */
async function lastSaveButton(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Review and save' }).and(page.locator(':enabled')).click();
  const review = page.getByRole('dialog', { name: 'Review changes' });
  return review.getByRole('button', { name: /^Save (\d+ changes?|with \d+ warnings?)$/ });
}

/**
 * Clicks each button at one moment of the machine's clock, which both pages' renderers read:
 * each page is handed the moment well ahead, wakes shortly before it, waits for it in a loop
 * (a timer alone fires late by whatever task runs then, a map's frame for one), and clicks from
 * inside the page. Two clicks sent one after the other through the DevTools protocol would land
 * several milliseconds apart, and farther when a page is busy. Returns when each click began
 * (epoch ms, fractional).
 */
function clickTogether(buttons: Locator[]): Promise<number[]> {
  const at = Date.now() + 1000;
  return Promise.all(
    buttons.map((button) =>
      button.evaluate(
        (element, moment) =>
          new Promise<number>((done) => {
            const now = () => performance.timeOrigin + performance.now();
            setTimeout(
              () => {
                while (now() < moment); // the last few milliseconds, waited for in a loop
                const clicked = now();
                (element as HTMLElement).click();
                done(clicked);
              },
              moment - Date.now() - 50,
            );
          }),
        at,
      ),
    ),
  );
}

const storedAddress = () =>
  (
    app.server.db.prepare('SELECT formatted_address FROM branches WHERE id = ?').get(ID) as {
      formatted_address: string;
    }
  ).formatted_address;

describe('two managers saving the same branch at once', () => {
  it(`${ROUNDS} rounds: one save lands, the other manager sees the conflict dialog with both versions`, async () => {
    const pages = [await app.newPage(), await app.newPage()] as const;
    for (const page of pages) await signIn(page, app.token, `/branches/${ID}`);
    const spreads: number[] = [];
    // The answers to each page's saves: both are sent, and the service refuses one.
    const puts: number[][] = [[], []];
    pages.forEach((page, i) =>
      page.on('response', (response) => {
        if (response.request().method() === 'PUT') puts[i]!.push(response.status());
      }),
    );

    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(pages.map(openEditor));
      const mine = pages.map((_, i) => `${round + 1} Calle ${i === 0 ? 'Mayor' : 'Alcalá'}, Madrid`);
      await Promise.all(pages.map((page, i) => address(page).fill(mine[i]!)));
      const buttons = await Promise.all(pages.map(lastSaveButton));
      const clicked = await clickTogether(buttons);
      spreads.push(Math.abs(clicked[0]! - clicked[1]!));

      // Each page ends in one of the two outcomes; exactly one saved.
      const outcomes = await Promise.all(
        pages.map(async (page) => {
          await saved(page).or(conflict(page)).waitFor();
          return (await conflict(page).isVisible()) ? 'conflict' : 'saved';
        }),
      );
      expect([...outcomes].sort(), `round ${round + 1}`).toEqual(['conflict', 'saved']);
      const winner = outcomes.indexOf('saved');
      const loser = 1 - winner;
      expect(puts[winner]!.at(-1)).toBe(200);
      expect(puts[loser]!.at(-1)).toBe(412);
      expect(puts.map((p) => p.length)).toEqual([round + 1, round + 1]);
      const [winnerPage, loserPage] = [pages[winner]!, pages[loser]!];

      // The service holds the winner's save; the other's is not in it.
      expect(storedAddress(), `round ${round + 1}`).toBe(mine[winner]);
      // The dialog shows the version saved meanwhile (the winner's address, flagged as changed
      // by this manager too), and the form behind it still holds this manager's own.
      const dialog = conflict(loserPage);
      await dialog.getByText(mine[winner]!, { exact: true }).waitFor();
      await dialog.getByText('you changed this too').waitFor();
      expect(await address(loserPage).inputValue()).toBe(mine[loser]);
      await expect(winnerPage.getByText('No unsaved changes').isVisible()).resolves.toBe(true);
      if (round === 0) await screenshot(loserPage, 'branch-conflict-dialog-1280');

      // The loser gives up its edit: the next round starts from what the service holds.
      await dialog.getByRole('button', { name: 'Keep editing' }).click();
      await loserPage.getByRole('button', { name: 'Discard', exact: true }).click();
      await loserPage
        .getByRole('alertdialog', { name: 'Discard your changes?' })
        .getByRole('button', { name: 'Discard changes' })
        .click();
      await loserPage.getByText('No unsaved changes').waitFor();
    }
    const sorted = [...spreads].sort((a, b) => a - b);
    console.log(
      `clicks apart: median ${sorted[sorted.length >> 1]!.toFixed(2)} ms, ` +
        `within 5 ms in ${sorted.filter((ms) => ms <= 5).length} of ${ROUNDS} rounds, at most ${sorted.at(-1)!.toFixed(2)} ms`,
    );
  }, 300_000);

  it('without the ETag of the version loaded, reads the branch again just before the PUT (the window of that check, printed)', async () => {
    const page = await app.newPage();
    await signIn(page, app.token, '/branches');
    const url = `${app.url}/v1/branches/${ID}`;
    const windows: { sent: number; answered: number }[] = [];
    for (let save = 0; save < 5; save++) {
      // The editor's first read finds no branch endpoint (a service with the interface only):
      // it loads the branch from the jobs that embed it, with no ETag.
      await page.route(url, (route) => route.fulfill({ status: 404, body: '' }), { times: 1 });
      await openEditor(page);
      await page.evaluate(() => performance.clearResourceTimings());
      await address(page).fill(`${save + 1} Plaza Mayor, Madrid`);
      await (await lastSaveButton(page)).click();
      await page.getByText('No unsaved changes').waitFor();
      const [read, put] = await page.evaluate(
        (name) =>
          performance
            .getEntriesByName(name)
            .slice(-2)
            .map((entry) => (entry as PerformanceResourceTiming).toJSON() as PerformanceResourceTiming),
        url,
      );
      expect(read, 'a read just before the PUT').toBeDefined();
      expect(put!.startTime).toBeGreaterThan(read!.responseEnd);
      expect(storedAddress()).toBe(`${save + 1} Plaza Mayor, Madrid`);
      // From the read's answer leaving the service to the PUT's: the write lies between the PUT
      // being sent and its answer.
      windows.push({
        sent: put!.requestStart - read!.responseStart,
        answered: put!.responseStart - read!.responseStart,
      });
    }
    const spread = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return `${sorted[sorted.length >> 1]!.toFixed(1)} ms (${sorted[0]!.toFixed(1)}-${sorted.at(-1)!.toFixed(1)})`;
    };
    // The page's own work between the two (reading the answer, the comparison, the PUT's body)
    // waits behind whatever else its main thread does: in headless Chromium, the editor's map
    // drawn in software.
    console.log(
      `the updated_at check's window, median (range) of ${windows.length} saves: the read answered → ` +
        `the PUT sent ${spread(windows.map((w) => w.sent))}, → the PUT answered ${spread(windows.map((w) => w.answered))}`,
    );
  }, 120_000);
});

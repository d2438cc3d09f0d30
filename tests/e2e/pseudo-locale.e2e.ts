/**
 * No string left behind (issue 42, docs/design.md, Languages): every screen in the pseudo-locales
 * (src/i18n/pseudo.ts), where every message of the catalogs is accented, longer and in brackets,
 * and in `ar-XB` right to left. A word of plain Latin letters on screen, or in a name a screen
 * reader speaks, that is not data (a value the reference server's database holds, a field name
 * of its answers, the configuration's labels) nor the browser's own formatting (month and day
 * names, time zones) is a text that did not come from the catalogs: the test lists it, with the
 * screen. The pages fit the screen, at a desktop's and a phone's size. Screens include the job
 * panel's tabs and the jobs screen's popovers and sheets.
 */
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server';
import { launchChromium } from './chromium';
import { appBuild, screenshot, pageOverflow } from './support';

type Server = Awaited<ReturnType<typeof startTestServer>>;

let server: Server;
let browser: Browser;
/** The words that may show as they are: data, configuration and the browser's formatting. */
let allowed: Set<string>;

const WORD = /[A-Za-z]{3,}/g;

function wordsOf(text: string, into: Set<string>): void {
  for (const word of text.match(WORD) ?? []) into.add(word.toLowerCase());
}

/** Every text value of every table of the reference server's database. */
function dataWords(db: Server['db']): Set<string> {
  const words = new Set<string>();
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{
    name: string;
  }>;
  for (const { name } of tables) {
    for (const row of db.prepare(`SELECT * FROM "${name}"`).iterate() as Iterable<Record<string, unknown>>) {
      for (const value of Object.values(row)) if (typeof value === 'string') wordsOf(value, words);
    }
  }
  return words;
}

/** What Intl writes in English (the pseudo-locales format as English does): months, days, zones. */
function intlWords(): Set<string> {
  const words = new Set<string>(['utc', 'gmt']);
  for (let month = 0; month < 12; month++) {
    const date = new Date(Date.UTC(2026, month, 1));
    for (const style of ['long', 'short'] as const)
      wordsOf(date.toLocaleString('en', { month: style }), words);
  }
  for (let day = 0; day < 7; day++) {
    const date = new Date(Date.UTC(2026, 0, 1 + day));
    const short = date.toLocaleString('en', { weekday: 'short' });
    const long = date.toLocaleString('en', { weekday: 'long' });
    // A day's name shown short with the rest of it beside (the branch form's work days: "Tue" + "sday").
    for (const name of [short, long, long.slice(short.length)]) wordsOf(name, words);
  }
  for (const zone of Intl.supportedValuesOf('timeZone')) {
    wordsOf(zone, words);
    wordsOf(new Date().toLocaleString('en', { timeZone: zone, timeZoneName: 'short' }), words);
  }
  return words;
}

beforeAll(async () => {
  server = await startTestServer({ jobs: 120, staticDir: appBuild() });
  browser = await launchChromium();
  // The base map's attribution names its source (a name, in every language).
  allowed = new Set([...dataWords(server.db), ...intlWords(), 'natural', 'earth']);
  wordsOf(readFileSync(join(appBuild(), 'config.json'), 'utf8'), allowed);
  // The service's answer as sent (the job panel's raw JSON: its field names).
  const jobs = await fetch(`${server.url}/v1/jobs?page=1`, {
    headers: { Authorization: `Bearer ${server.token}` },
  });
  wordsOf(await jobs.text(), allowed);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The visible texts of the page, and the names of its elements (aria-label, title, placeholder, alt). */
const textsOnScreen = (page: Page) =>
  page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim()) continue;
      if (parent.closest('script, style, noscript, [aria-hidden="true"]')) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      texts.push(node.textContent.trim());
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value?.trim()) texts.push(value.trim());
      }
    }
    texts.push(document.title);
    return texts;
  });

/** The texts holding a word that is neither from the catalogs nor allowed. */
async function notFromCatalogs(page: Page): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await textsOnScreen(page)) {
    const words = text.replace(/https?:\/\/\S+/g, '').match(WORD) ?? [];
    if (words.some((word) => !allowed.has(word.toLowerCase()))) found.add(text.slice(0, 120));
  }
  return [...found];
}

/** Waits for the screen to settle: its main landmark shown and nothing marked busy. */
async function settled(page: Page): Promise<void> {
  await page.getByRole('main').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, {
    timeout: 15_000,
  });
  await page.waitForTimeout(500);
}

describe.each([
  { locale: 'en-XA', dir: 'ltr' },
  { locale: 'ar-XB', dir: 'rtl' },
])('the pseudo-locale $locale', ({ locale, dir }) => {
  it.each([
    { name: 'desktop', viewport: { width: 1440, height: 900 }, mobile: false },
    { name: 'phone', viewport: { width: 390, height: 844 }, mobile: true },
  ])('every screen at the $name size writes only the catalogs’ words', async ({ name, viewport, mobile }) => {
    const context = await browser.newContext({ viewport, isMobile: mobile, hasTouch: mobile, locale });
    const page = await context.newPage();
    const job = (server.db.prepare('SELECT id FROM jobs ORDER BY id LIMIT 1').get() as { id: number }).id;
    const branch = (server.db.prepare('SELECT id FROM branches ORDER BY id LIMIT 1').get() as { id: string })
      .id;
    const found: Record<string, string[]> = {};
    const wide: Record<string, number> = {};
    const look = async (screen: string) => {
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.dir), screen).toBe(dir);
      const texts = await notFromCatalogs(page);
      if (texts.length) found[screen] = texts;
      const over = await pageOverflow(page);
      if (over > 0) wide[screen] = over;
      await screenshot(page, `pseudo-${locale}-${name}-${screen.replace(/\W+/g, '-')}`);
    };

    await page.goto(`${server.url}/sign-in`);
    await look('sign-in');
    await page.locator('input').first().fill(server.token);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/overview/);
    await look('control room');
    // A job's panel (the newest, on the first page), each of its tabs.
    const newest = (server.db.prepare('SELECT max(id) AS id FROM jobs').get() as { id: number }).id;
    await page.goto(`${server.url}/jobs?job=${newest}`);
    const tabs = page.getByRole('tab');
    await tabs.first().waitFor();
    await look('job panel');
    for (let i = 1; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      await look(`job panel, tab ${i + 1}`);
    }
    // The jobs screen's popovers and sheets (views, columns, filters, dates), one at a time.
    await page.goto(`${server.url}/jobs`);
    await settled(page);
    const opens = page.locator('main [aria-haspopup="dialog"]:enabled');
    for (let i = 0; i < (await opens.count()); i++) {
      if (!(await opens.nth(i).isVisible())) continue;
      await opens.nth(i).click();
      await page.getByRole('dialog').first().waitFor();
      await look(`jobs, popover ${i + 1}`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').first().waitFor({ state: 'hidden' });
    }
    for (const path of [
      // A job not on the first page: the panel offers to look through every page.
      `/jobs?job=${job}`,
      '/jobs?late=1',
      '/jobs?view=map',
      '/branches',
      '/branches?view=map',
      `/branches/${encodeURIComponent(branch)}`,
    ]) {
      await page.goto(`${server.url}${path}`);
      await look(path);
    }
    await context.close();
    expect(found).toEqual({});
    expect(wide).toEqual({});
  });
});

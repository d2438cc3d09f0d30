import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, searchOf, signIn, startApp, type App } from './support';

/** The jobs screen by keyboard alone in Chromium: how far the first row is, and the ways to it. */

let app: App;

beforeAll(async () => {
  app = await startApp({ jobs: 120, timezoneId: 'Europe/London' });
});
afterAll(async () => {
  await app?.close();
});

/** What has the focus, in words: its tag, type and name (for the list of stops a failure prints). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const name =
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent?.trim().slice(0, 30) ??
      '';
    const type = el instanceof HTMLInputElement ? `[${el.type}]` : '';
    return `${el.tagName.toLowerCase()}${type}${el.dataset.jobId ? `#${el.dataset.jobId}` : ''} ${name}`;
  });

const onRow = (page: Page) =>
  page.evaluate(() => document.activeElement?.matches('tr[data-job-id]') ?? false);

describe('the jobs screen by keyboard', () => {
  it('reaches the first row in few Tabs from the page start', async () => {
    const { page } = app;
    await signIn(page, app.token, '/jobs');
    await page.locator('table tbody tr[data-job-id]').first().waitFor();
    await page
      .getByRole('toolbar', { name: 'Jobs by status' })
      .and(page.locator('[data-counts-ready]'))
      .waitFor();
    // From the top of the page, as after a load: nothing focused.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const stops: string[] = [];
    for (let i = 0; i < 60 && !(await onRow(page)); i++) {
      await page.keyboard.press('Tab');
      stops.push(await focused(page));
    }
    console.log(`Tabs to the first row: ${stops.length}\n  ${stops.join('\n  ')}`);
    expect(await onRow(page), stops.join('\n')).toBe(true);
    // 50 here before (the two datetime-local fields took 14 stops); the range's bounds now take 2.
    expect(stops.filter((s) => s.includes('Created from') || s.includes('Created to'))).toEqual([
      'button Created from: any',
      'button Created to: any',
    ]);
    // Where job actions are offered, "Select every job shown" is one stop more; the header's
    // language switcher is one.
    expect(stops.length, stops.join('\n')).toBeLessThanOrEqual(30);
  });

  it('leads to the rows with j from "Late only" and ↓ from a filter, and sets a bound from its popover by keys', async () => {
    const { page } = app;
    const firstRow = page.locator('table tbody tr[data-job-id]').first();
    const lateOnly = page.getByRole('checkbox', { name: 'Late only' });
    await lateOnly.focus();
    await page.keyboard.press('j');
    expect(await onRow(page)).toBe(true);
    expect(await lateOnly.isChecked()).toBe(false);

    const from = page.getByRole('button', { name: 'Created from: any' });
    await from.focus();
    await page.keyboard.press('ArrowDown');
    expect(await firstRow.evaluate((el) => el === document.activeElement)).toBe(true);

    await from.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Created from' });
    const field = panel.getByLabel('Created from (Europe/London)');
    await field.waitFor();
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'jobs-created-from-popover-1280');
    // The popover and its button pass axe (serious and critical findings).
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    await field.fill('2025-12-10T09:30');
    await field.press('Enter');
    await page.waitForURL(
      (u) => u.searchParams.get('timestamp_from') === String(Date.UTC(2025, 11, 10, 9, 30) / 1000),
    );
    const shown = page.getByRole('button', { name: 'Created from: 2025-12-10 09:30' });
    await shown.waitFor();
    // The popover gives the focus back once it has closed (Radix does it in a timeout of its own,
    // which may come after the button shows the new bound).
    await expect.poll(() => shown.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(searchOf(page).get('page')).toBe('1');
  });
});

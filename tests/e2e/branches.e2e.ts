import type { Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftKeyOf, draftOf } from './branch-support';
import { NARROW, screenshot, signIn, startApp, type App } from './support';

let app: App;

beforeAll(async () => {
  app = await startApp({ jobs: 60 });
});
afterAll(async () => {
  await app?.close();
});

type ContactRow = { name: string; work_from: string; work_to: string; work_days: string };

function contactsInDb(branchId: string): ContactRow[] {
  return app.server.db
    .prepare(
      'SELECT name, work_from, work_to, work_days FROM branch_contacts WHERE branch_id = ? ORDER BY position',
    )
    .all(branchId) as ContactRow[];
}

function contact(page: Page, n: number) {
  return page.getByRole('listitem', { name: `Contact ${n}` });
}

describe('branch editor in Chromium', () => {
  it('opens a branch, changes name, hours and days of a contact, reviews, saves, and the change is in the database after a reload', async () => {
    const { page } = app;
    await signIn(page, app.token, '/branches');
    await page.getByRole('table', { name: 'Branches' }).waitFor();
    await screenshot(page, 'branches-list-1280');

    await page.getByRole('link', { name: 'Amsterdam Centrum' }).click();
    await page.waitForURL(`${app.url}/branches/AMS-01`);
    await page.getByRole('heading', { level: 1, name: /Amsterdam Centrum/ }).waitFor();
    await screenshot(page, 'branch-editor-1280');

    const before = contactsInDb('AMS-01')[1]!;
    await page.getByRole('textbox', { name: 'Name', exact: true }).first().fill('Amsterdam Jordaan');
    const second = contact(page, 2);
    await second.getByLabel('From', { exact: true }).fill('06:45');
    await second.getByLabel('To', { exact: true }).fill('21:30');
    const days = second.getByRole('group', { name: 'Work days' });
    const pressed = async (day: string) =>
      (await days.getByRole('button', { name: day }).getAttribute('aria-pressed')) === 'true';
    const sundayBefore = await pressed('Sunday');
    const mondayBefore = await pressed('Monday');
    await days.getByRole('button', { name: 'Sunday' }).click();
    await days.getByRole('button', { name: 'Monday' }).click();
    await page.getByText('2 unsaved changes').waitFor();
    await screenshot(page, 'branch-editor-changed-1280');

    await page.getByRole('button', { name: 'Review and save' }).click();
    const review = page.getByRole('dialog', { name: 'Review changes' });
    await review.waitFor();
    await review.getByText('Amsterdam Jordaan', { exact: true }).waitFor();
    await review.getByText(/^Hours: .* → 06:45 AM – 09:30 PM$/).waitFor();
    await screenshot(page, 'branch-review-1280');
    // The seed's AMS-01 zones overlap: the review lists that as already there, and asks nothing.
    await review
      .getByRole('list', { name: 'Already there (1)' })
      .getByText(/^Zone \d \(.+\): Zones ".+" and ".+" overlap/)
      .waitFor();
    await review.getByRole('button', { name: /^Save \d+ changes?$/ }).click();
    await page.getByText('Branch saved', { exact: true }).waitFor();
    await page.getByText('No unsaved changes').waitFor();
    await screenshot(page, 'branch-saved-1280');

    // In the database.
    const name = app.server.db.prepare("SELECT name FROM branches WHERE id = 'AMS-01'").get() as {
      name: string;
    };
    expect(name.name).toBe('Amsterdam Jordaan');
    const after = contactsInDb('AMS-01')[1]!;
    expect(after.name).toBe(before.name);
    expect([after.work_from, after.work_to]).toEqual(['06:45 AM', '09:30 PM']);
    const storedDays = JSON.parse(after.work_days) as string[];
    expect(storedDays.includes('sunday')).toBe(!sundayBefore);
    expect(storedDays.includes('monday')).toBe(!mondayBefore);

    // And after a reload, from the server.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /Amsterdam Jordaan/ }).waitFor();
    await expect(contact(page, 2).getByLabel('From', { exact: true }).inputValue()).resolves.toBe('06:45');
    await expect(contact(page, 2).getByLabel('To', { exact: true }).inputValue()).resolves.toBe('21:30');
    await expect(
      contact(page, 2)
        .getByRole('group', { name: 'Work days' })
        .getByRole('button', { name: 'Sunday' })
        .getAttribute('aria-pressed'),
    ).resolves.toBe(String(!sundayBefore));
    await expect(draftOf(page, 'AMS-01')).resolves.toBeNull();
  });

  it('asks before Back and before reloading with unsaved changes; the reload then offers the draft back', async () => {
    const page = await app.newPage();
    await signIn(page, app.token, '/branches');
    await page.getByRole('link', { name: 'Paris Le Marais' }).click();
    await page.getByRole('heading', { level: 1, name: /Paris/ }).waitFor();
    await page.getByLabel('Formatted address').fill('5 Rue des Archives, Paris');
    await page.getByText('1 unsaved change').waitFor();
    await page.waitForFunction(
      (key) => (localStorage.getItem(key) ?? '').includes('Rue des Archives'),
      await draftKeyOf(page, 'PAR-01'),
    );

    // Back: the in-app question.
    await page.goBack();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await screenshot(page, 'branch-leave-dialog-1280');
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/branches/PAR-01');

    // Reload: the browser's own question (beforeunload).
    const dialogs: string[] = [];
    const onDialog = (d: Dialog) => {
      dialogs.push(d.type());
      void d.accept();
    };
    page.on('dialog', onDialog);
    await page.reload();
    page.off('dialog', onDialog);
    expect(dialogs).toEqual(['beforeunload']);

    const offer = page.getByRole('alert').filter({ hasText: 'Unsaved changes from' });
    await offer.waitFor();
    await screenshot(page, 'branch-draft-offer-1280');
    await offer.getByRole('button', { name: 'Restore changes' }).click();
    await expect(page.getByLabel('Formatted address').inputValue()).resolves.toBe(
      '5 Rue des Archives, Paris',
    );
    await page.context().close();
  });

  it('is usable at 768 wide', async () => {
    const page = await app.newPage({ viewport: NARROW });
    await signIn(page, app.token, '/branches');
    await page.getByRole('table', { name: 'Branches' }).waitFor();
    await screenshot(page, 'branches-list-768');
    await page.getByRole('link', { name: 'London Shoreditch' }).click();
    await page.getByRole('heading', { level: 1, name: /London/ }).waitFor();
    await screenshot(page, 'branch-editor-768');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(768);
    await contact(page, 1).scrollIntoViewIfNeeded();
    await screenshot(page, 'branch-editor-contacts-768');
    await page.getByRole('heading', { name: /Delivery zones/ }).scrollIntoViewIfNeeded();
    await screenshot(page, 'branch-editor-zones-768');

    // An invalid field: its error next to it, Save disabled with the reason in the sticky bar.
    const name = page.getByRole('textbox', { name: 'Name', exact: true }).first();
    await name.fill('');
    await name.blur();
    await page.getByText('Name is required', { exact: true }).waitFor();
    await page.getByText(/Save is disabled: 1 problem to fix/).waitFor();
    await expect(page.getByRole('button', { name: 'Review and save' }).isDisabled()).resolves.toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'branch-editor-invalid-768');
    await page.context().close();
  });
});

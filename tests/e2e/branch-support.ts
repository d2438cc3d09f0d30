/** Helpers of the branch editor's end-to-end tests. */
import type { Page } from 'playwright-core';
import { draftKey } from '../../src/features/branches/drafts/draft-keys';

export const saveButton = (page: Page) => page.getByRole('button', { name: 'Review and save' });

/**
 * Review and save: once Save is enabled, opens the review and presses its Save, the one
 * confirmation. With `warnings`, that button names that many new warnings; otherwise the save
 * goes ahead whatever warnings it brings, and with `changes` the review counts that many
 * changes. Returns when the request is on its way: callers wait for the outcome they expect
 * (`branchSaved`, or a failure).
 */
export async function reviewAndSave(
  page: Page,
  changes?: number,
  { warnings }: { warnings?: number } = {},
): Promise<void> {
  await saveButton(page).and(page.locator(':enabled')).waitFor();
  await saveButton(page).click();
  const review = page.getByRole('dialog', { name: 'Review changes' });
  await review.waitFor();
  const counted =
    changes === undefined ? '\\d+ changes?' : `${changes} ${changes === 1 ? 'change' : 'changes'}`;
  // The dialog's description counts the changes, warnings or not.
  await review.getByText(new RegExp(`^${counted} to branch `)).waitFor();
  const label =
    warnings !== undefined
      ? `Save with ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`
      : new RegExp(`^Save ${counted}$|^Save with \\d+ warnings?$`);
  await review.getByRole('button', { name: label }).click();
}

/** The save landed: its toast is shown and nothing is left unsaved. */
export async function branchSaved(page: Page): Promise<void> {
  await page.getByText('Branch saved', { exact: true }).waitFor();
  await page.getByText('No unsaved changes').waitFor();
}

/**
 * The localStorage key of the draft of branch `id` that the page's tab keeps (drafts are kept
 * per tab, by the tab's id in sessionStorage): the built app's config.json has
 * `apiBaseUrl: ""`, its own origin, which is the service the drafts are kept for.
 */
export const draftKeyOf = async (page: Page, id: string) =>
  draftKey('', id, (await page.evaluate(() => sessionStorage.getItem('dispatch.tab'))) ?? '');

/** The draft the editor keeps for branch `id` in the page's tab, or null. */
export const draftOf = async (page: Page, id: string) =>
  page.evaluate((key) => localStorage.getItem(key), await draftKeyOf(page, id));

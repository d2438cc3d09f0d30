import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BranchDraft } from '../../src/features/branches/drafts/draft';
import { branchSaved, draftOf, reviewAndSave } from './branch-support';
import { screenshot, signIn, startApp, type App } from './support';

let app: App;

beforeAll(async () => {
  app = await startApp({ jobs: 60 });
});
afterAll(async () => {
  await app?.close();
});

const nameField = (page: Page) => page.getByRole('textbox', { name: 'Name', exact: true }).first();
const address = (page: Page) => page.getByLabel('Formatted address');
const active = (page: Page) => page.getByRole('checkbox', { name: 'Active' });
const offer = (page: Page) => page.getByRole('alert').filter({ hasText: 'Unsaved changes from' });

/** The branch's stored draft, once `holds` is true of it (the editor writes it a moment after a change). */
async function storedDraft(page: Page, id: string, holds: (d: BranchDraft) => boolean): Promise<BranchDraft> {
  let draft: BranchDraft | null = null;
  await expect
    .poll(async () => {
      const raw = await draftOf(page, id);
      draft = raw === null ? null : (JSON.parse(raw) as BranchDraft);
      return draft !== null && holds(draft);
    })
    .toBe(true);
  return draft!;
}

/**
 * A signed-in page at the editor of `id`, reloads accepted without asking (beforeunload): in a
 * browser of its own, or as another tab of `beside`'s browser (same localStorage, its own
 * sessionStorage).
 */
async function openEditor(id: string, heading: RegExp, beside?: Page): Promise<Page> {
  const page = beside ? await beside.context().newPage() : await app.newPage();
  if (beside) await page.goto(`${app.url}/sign-in`);
  page.on('dialog', (d) => void d.accept());
  await signIn(page, app.token, `/branches/${id}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  return page;
}

async function reload(page: Page, heading: RegExp): Promise<void> {
  await page.reload();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/**
 * Edits the address (and the name), reloads, and types newer edits while the draft is offered
 * (the name again, and Active); reloads again. Returns the address the older draft holds and
 * whether the branch was active before.
 */
async function editWhileOffered(page: Page, id: string, heading: RegExp, city: string) {
  const serverAddress = await address(page).inputValue();
  const olderAddress = `${serverAddress} (older)`;
  await address(page).fill(olderAddress);
  await nameField(page).fill(`${city} Older`);
  await storedDraft(page, id, (d) => d.values.name === `${city} Older`);
  await reload(page, heading);

  await offer(page).waitFor();
  await expect(offer(page).textContent()).resolves.toMatch(/changes to name, address/);
  await expect(address(page).inputValue()).resolves.toBe(serverAddress); // nothing applied until asked
  const wasActive = await active(page).isChecked();
  await nameField(page).fill(`${city} Newer`);
  await active(page).click();
  const draft = await storedDraft(page, id, (d) => d.values.name === `${city} Newer`);
  expect(draft.older?.values.formatted_address).toBe(olderAddress);

  // A reload while the offer shows: the newer edits are back, the older draft still offered.
  await reload(page, heading);
  await offer(page).waitFor();
  await expect(offer(page).textContent()).resolves.toMatch(/changes to name, address/);
  await expect.poll(() => nameField(page).inputValue()).toBe(`${city} Newer`);
  await expect(active(page).isChecked()).resolves.toBe(!wasActive);
  await expect(address(page).inputValue()).resolves.toBe(serverAddress);
  await page.getByText('2 unsaved changes').waitFor();
  return { serverAddress, olderAddress, wasActive };
}

describe('drafts in Chromium', () => {
  it('keeps edits typed while a draft is offered through a reload; Restore puts the draft under them, the newer name winning', async () => {
    const page = await openEditor('MAD-01', /Madrid/);
    const { olderAddress, wasActive } = await editWhileOffered(page, 'MAD-01', /Madrid/, 'Madrid');
    await screenshot(page, 'branch-draft-offer-with-newer-edits-1280');

    await offer(page).getByRole('button', { name: 'Restore changes' }).click();
    await offer(page).waitFor({ state: 'hidden' });
    await expect(nameField(page).inputValue()).resolves.toBe('Madrid Newer');
    await expect(address(page).inputValue()).resolves.toBe(olderAddress);
    await expect(active(page).isChecked()).resolves.toBe(!wasActive);
    await page.getByText('Restored under your newer edits.').waitFor();
    await page.getByText(/Name keeps the edits you made after the draft/).waitFor();
    await page.getByText('3 unsaved changes').waitFor();
    const draft = await storedDraft(page, 'MAD-01', (d) => d.values.formatted_address === olderAddress);
    expect(draft.older).toBeUndefined();
    expect(draft.values.name).toBe('Madrid Newer');
    await page.context().close();
  });

  it('keeps the newer edits when the offered draft is discarded, and offers nothing older after a reload', async () => {
    const page = await openEditor('DXB-01', /Dubai/);
    const { serverAddress, wasActive } = await editWhileOffered(page, 'DXB-01', /Dubai/, 'Dubai');

    await offer(page).getByRole('button', { name: 'Discard draft' }).click();
    await offer(page).waitFor({ state: 'hidden' });
    await expect(nameField(page).inputValue()).resolves.toBe('Dubai Newer');
    await expect(active(page).isChecked()).resolves.toBe(!wasActive);
    await expect(address(page).inputValue()).resolves.toBe(serverAddress);
    const draft = await storedDraft(page, 'DXB-01', (d) => d.older === undefined);
    expect(draft.values.name).toBe('Dubai Newer');
    expect(draft.values.formatted_address).toBe(serverAddress);

    // The next visit offers the newer edits, as any draft: the discarded one is gone.
    await reload(page, /Dubai/);
    await offer(page).waitFor();
    await expect(offer(page).textContent()).resolves.toMatch(/changes to name, active\./);
    await page.context().close();
  });

  it('keeps each tab’s draft: a save in one tab leaves the other’s edits through its reload, and the offer names both', async () => {
    const tabA = await openEditor('BER-01', /Berlin/);
    const tabB = await openEditor('BER-01', /Berlin/, tabA);
    const serverName = await nameField(tabA).inputValue();
    const addressA = `${await address(tabA).inputValue()} (tab A)`;
    await address(tabA).fill(addressA);
    await storedDraft(tabA, 'BER-01', (d) => d.values.formatted_address === addressA);
    await nameField(tabB).fill('Berlin (tab B)');
    await storedDraft(tabB, 'BER-01', (d) => d.values.name === 'Berlin (tab B)');

    // Tab A reloads: its own draft is offered, and tab B's open edits are named, not taken.
    await reload(tabA, /Berlin/);
    await offer(tabA).waitFor();
    await expect(offer(tabA).textContent()).resolves.toMatch(/changes to address\./);
    const openElsewhere = tabA.getByRole('status').filter({ hasText: 'This branch is open in another tab' });
    await openElsewhere.waitFor();
    await expect(openElsewhere.textContent()).resolves.toMatch(/unsaved changes to name/);
    await screenshot(tabA, 'branch-drafts-two-tabs-1280');
    await offer(tabA).getByRole('button', { name: 'Restore changes' }).click();
    await expect(address(tabA).inputValue()).resolves.toBe(addressA);
    await expect(nameField(tabA).inputValue()).resolves.toBe(serverName);

    // Tab B saves first: its draft goes, tab A's stays.
    await reviewAndSave(tabB, 1);
    await branchSaved(tabB);
    await expect(draftOf(tabB, 'BER-01')).resolves.toBeNull();
    await storedDraft(tabA, 'BER-01', (d) => d.values.formatted_address === addressA);

    // Tab A's save meets tab B's: the conflict keeps its edits, and so does a reload.
    await reviewAndSave(tabA, 1);
    const conflict = tabA.getByRole('dialog', { name: 'This branch changed on the server' });
    await conflict.getByText('Your edits are still here.', { exact: false }).waitFor();
    await conflict.getByRole('button', { name: 'Keep editing' }).click();
    await reload(tabA, /Berlin/);
    await offer(tabA).waitFor();
    await expect(offer(tabA).textContent()).resolves.toMatch(/changes to address\./);
    await expect(offer(tabA).textContent()).resolves.toMatch(/The branch has changed on the server since/);
    await offer(tabA).getByRole('button', { name: 'Restore changes' }).click();
    await expect(address(tabA).inputValue()).resolves.toBe(addressA);
    await expect(nameField(tabA).inputValue()).resolves.toBe('Berlin (tab B)'); // the server's newer name

    // Tab A closes with its edits kept: a new tab offers them as another tab's.
    await storedDraft(tabA, 'BER-01', (d) => d.values.formatted_address === addressA);
    const tabC = await openEditor('BER-01', /Berlin/, tabB);
    await tabA.close({ runBeforeUnload: false });
    await reload(tabC, /Berlin/);
    await offer(tabC).waitFor();
    await expect(offer(tabC).textContent()).resolves.toMatch(/made in another tab.*changes to address\./);
    await offer(tabC).getByRole('button', { name: 'Restore changes' }).click();
    await expect(address(tabC).inputValue()).resolves.toBe(addressA);
    await tabB.context().close();
  }, 180_000); // three tabs, two saves and four reloads

  it('a tab opened from another (a copy of its sessionStorage) takes an id of its own, so their drafts stay apart', async () => {
    const tabA = await openEditor('AMS-01', /Amsterdam/);
    const tabIdOf = (page: Page) => page.evaluate(() => sessionStorage.getItem('dispatch.tab'));
    const idA = await tabIdOf(tabA);
    expect(idA).toMatch(/^[\w-]+$/);
    const [copy] = await Promise.all([
      tabA.context().waitForEvent('page'),
      tabA.evaluate(() => void window.open(location.href)),
    ]);
    copy.on('dialog', (d) => void d.accept());
    await copy.getByRole('heading', { level: 1, name: /Amsterdam/ }).waitFor();
    // It starts with tab A's id (sessionStorage is copied), finds it held, and takes another.
    await expect.poll(() => tabIdOf(copy), { timeout: 10_000 }).not.toBe(idA);
    expect(await tabIdOf(tabA)).toBe(idA);

    await nameField(tabA).fill('Amsterdam (tab A)');
    await nameField(copy).fill('Amsterdam (the copy)');
    await storedDraft(tabA, 'AMS-01', (d) => d.values.name === 'Amsterdam (tab A)');
    await storedDraft(copy, 'AMS-01', (d) => d.values.name === 'Amsterdam (the copy)');
    await tabA.context().close();
  });
});

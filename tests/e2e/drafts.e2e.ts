import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BranchDraft } from '../../src/features/branches/drafts/draft';
import { draftOf } from './branch-support';
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

/** A signed-in page at the editor of `id`, reloads accepted without asking (beforeunload). */
async function openEditor(id: string, heading: RegExp): Promise<Page> {
  const page = await app.newPage();
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
});

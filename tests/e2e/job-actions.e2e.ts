/**
 * Job actions (the reference server's optional extension) in Chromium against the built app:
 * each action from the job panel and from the control room's exceptions, checked on the server
 * afterwards (`GET /v1/jobs/{id}`: the change and `created_by`); a bulk remark and a bulk
 * reassign on 3 jobs of the table (one changed meanwhile left alone); a 412 conflict shown
 * when the job changes behind the dialog's back, the focus back on the action's button after
 * it; a sign-in without `jobs:write`; the dialog on a 390×844 phone; and a bare service
 * (`jobActions: false`, as `EXTENSIONS=off`) drawing no action control.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REFERENCE_TIME } from '../support/server';
import { screenshot, seriousAxe, signIn, startApp, type App } from './support';

/** A working day (13:00 UTC) so the control room has exceptions; the browser's clock held there. */
const NOW = TEST_REFERENCE_TIME + 13 * 3600;
const READER = 'reader-token';
let app: App;

beforeAll(async () => {
  app = await startApp({
    jobs: 300,
    referenceTime: NOW,
    tokens: [
      'test-token',
      { token: READER, permissions: { writeBranches: false, writeJobs: false, branchIds: null } },
    ],
  });
}, 60_000);
afterAll(async () => {
  await app?.close();
});

type Entry = { status: number; remarks: string; created_by: { user_type: string; user_name: string } | null };
type Served = {
  job: {
    id: number;
    status: number;
    updated_at: number;
    rider: { id: number; name: string } | null;
    status_history: Entry[];
  };
  etag: string;
};

async function served(id: number, token = app.token): Promise<Served> {
  const res = await fetch(`${app.url}/v1/jobs/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { job: Served['job'] };
  return { job: body.job, etag: res.headers.get('etag')! };
}
const lastEntry = (s: Served) => s.job.status_history.at(-1)!;
/** A job in `status` on the first page of that status (the service's order: newest first). */
const jobInStatus = (status: number, skip = 0) =>
  app.server.db
    .prepare('SELECT id FROM jobs WHERE status = ? ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ?')
    .pluck()
    .get(status, skip) as number;

async function open(
  path: string,
  options: Parameters<App['newPage']>[0] = {},
  token = app.token,
): Promise<Page> {
  const page = await app.newPage(options);
  await page.clock.setFixedTime(NOW * 1000);
  await signIn(page, token, path);
  return page;
}
const panel = (page: Page, id: number) => page.getByRole('complementary', { name: `Job ${id}` });

describe('job actions from the job panel', () => {
  it('moves a job to a status its next_status offers, with a remark, recorded with created_by', async () => {
    const id = jobInStatus(6); // In transit: Delivered or Failed next
    const page = await open(`/jobs?status=6&job=${id}`);
    await panel(page, id).getByRole('button', { name: 'Move to Delivered…' }).click();
    const dialog = page.getByRole('dialog', { name: `Change status: job ${id}` });
    await expect(dialog.getByRole('radio', { name: /Delivered/ }).isChecked()).resolves.toBe(true);
    await dialog.getByLabel('Remark (optional)').fill('Left with the neighbour at 12');
    await dialog.getByRole('button', { name: 'Move the job' }).click();
    await dialog.waitFor({ state: 'detached' });
    const after = await served(id);
    expect(after.job.status).toBe(7);
    expect(lastEntry(after)).toMatchObject({
      status: 7,
      remarks: 'Left with the neighbour at 12',
      created_by: { user_type: 'api', user_name: 'API client' },
    });
    // The table reads its page again: the job has left the In transit jobs.
    await page.locator(`table tbody tr[data-job-id="${id}"]`).waitFor({ state: 'detached' });
    await page.close();
  });

  it('reassigns the rider from riders with their load, distance and position age', async () => {
    const id = jobInStatus(3); // Accepted: Assigned offered
    const before = await served(id);
    const page = await open(`/jobs?status=3&job=${id}`);
    await panel(page, id).getByRole('button', { name: 'Reassign…' }).click();
    const dialog = page.getByRole('dialog', { name: `Reassign rider: job ${id}` });
    const choice = dialog.getByRole('radio').and(dialog.locator('input[name="rider"]'));
    await choice.first().waitFor();
    const riders = dialog.locator('label:has(input[name="rider"])');
    const other = riders.filter({ hasNotText: 'has this job' }).first();
    const text = await other.innerText();
    expect(text).toMatch(/km away|distance unknown/);
    expect(text).toMatch(/\d+ open jobs?/);
    expect(text).toMatch(/position .* old|no position/);
    const riderId = Number(await other.locator('input').getAttribute('value'));
    await other.locator('input').check();
    await dialog.getByRole('button', { name: 'Reassign' }).click();
    await dialog.waitFor({ state: 'detached' });
    const after = await served(id);
    expect(after.job.rider?.id).toBe(riderId);
    expect(after.job.rider?.id).not.toBe(before.job.rider?.id);
    expect(after.job.status).toBe(2);
    expect(lastEntry(after).created_by).toMatchObject({ user_type: 'api' });
    await page.close();
  });

  it('shows a 412 conflict with the job as it is now, and never overwrites', async () => {
    const id = jobInStatus(2);
    const page = await open(`/jobs?status=2&job=${id}`);
    await panel(page, id).getByRole('button', { name: 'Add remark…' }).click();
    const dialog = page.getByRole('dialog', { name: `Add a remark: job ${id}` });
    const remark = dialog.getByRole('textbox', { name: 'Remark' });
    await remark.waitFor();
    // Someone else acts on the job behind the dialog's back.
    const { etag } = await served(id);
    const res = await fetch(`${app.url}/v1/jobs/${id}/remarks`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${app.token}`, 'If-Match': etag, 'Content-Type': 'application/json' },
      body: JSON.stringify({ remarks: 'Customer called: ring twice' }),
    });
    expect(res.status).toBe(200);
    await remark.fill('Mine, on the old version');
    await dialog.getByRole('button', { name: 'Add the remark' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Changed by someone else' }).waitFor();
    // The dialog shows the job as it is now, with the other remark.
    await dialog.getByText('Customer called: ring twice').waitFor();
    await screenshot(page, 'job-actions-conflict');
    const after = await served(id);
    expect(after.job.status_history.map((e) => e.remarks)).not.toContain('Mine, on the old version');
    expect(lastEntry(after).remarks).toBe('Customer called: ring twice');
    // Escape closes it, and the focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Add remark…');
    await page.close();
  });

  it('says why a sign-in without jobs:write may not act, with no action control', async () => {
    const id = jobInStatus(2);
    const page = await open(`/jobs?status=2&job=${id}`, {}, READER);
    await panel(page, id)
      .getByText(/needs the jobs:write permission/)
      .waitFor();
    expect(
      await panel(page, id)
        .getByRole('button', { name: /Reassign|Add remark|Cancel job/ })
        .count(),
    ).toBe(0);
    expect(
      await panel(page, id)
        .getByRole('button', { name: /^Move to/ })
        .count(),
    ).toBe(0);
    expect(await page.getByRole('checkbox', { name: /^Select job/ }).count()).toBe(0);
    await page.close();
  });
});

describe('job actions from the exceptions list', () => {
  it('adds a remark and cancels a job from the list, each recorded on the server', async () => {
    const page = await open('/overview');
    const list = page.getByRole('table', { name: 'Jobs needing attention, most urgent first' });
    const buttons = list.getByRole('button', { name: /^Act on job \d+$/ });
    await buttons.first().waitFor({ timeout: 20_000 });
    const idOf = async (n: number) =>
      Number((await buttons.nth(n).getAttribute('aria-label'))!.replace('Act on job ', ''));
    const first = await idOf(0);
    await buttons.nth(0).click();
    let dialog = page.getByRole('dialog', { name: new RegExp(`job ${first}$`) });
    await dialog.getByRole('radio', { name: 'Add a remark' }).check();
    await dialog.getByLabel('Remark', { exact: true }).fill('Called the rider: 10 min away');
    await dialog.getByRole('button', { name: 'Add the remark' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(lastEntry(await served(first))).toMatchObject({
      remarks: 'Called the rider: 10 min away',
      created_by: { user_type: 'api' },
    });
    // The row's click went to the dialog, not to the row: no panel opened.
    expect(new URL(page.url()).searchParams.get('job')).toBeNull();

    // Cancel a job the list shows that can still be cancelled.
    let target = 0;
    for (let n = 1; n < (await buttons.count()); n++) {
      const id = await idOf(n);
      const s = await served(id);
      if ([1, 2, 3, 4].includes(s.job.status)) {
        target = n;
        break;
      }
    }
    expect(target).toBeGreaterThan(0);
    const cancelId = await idOf(target);
    await buttons.nth(target).click();
    dialog = page.getByRole('dialog', { name: new RegExp(`job ${cancelId}$`) });
    await dialog.getByRole('radio', { name: 'Cancel job' }).check();
    await dialog.getByLabel('Reason (optional)').fill('Customer cancelled by phone');
    await dialog.getByRole('button', { name: 'Cancel the job' }).click();
    await dialog.waitFor({ state: 'detached' });
    const after = await served(cancelId);
    expect(after.job.status).toBe(9);
    expect(lastEntry(after)).toMatchObject({ status: 9, remarks: 'Customer cancelled by phone' });
    // The control room reads its work again: the cancelled job leaves the list.
    await list.locator(`tr[data-job-id="${cancelId}"]`).waitFor({ state: 'detached', timeout: 20_000 });
    await page.close();
  });
});

describe('a bulk action from the jobs table', () => {
  it('acts on 3 selected jobs after a confirm naming them, with progress and each job’s result', async () => {
    const page = await open('/jobs');
    const boxes = page.getByRole('checkbox', { name: /^Select job \d+$/ });
    await boxes.first().waitFor();
    const ids: number[] = [];
    for (let n = 0; n < 3; n++) {
      const box = boxes.nth(n);
      ids.push(Number((await box.getAttribute('aria-label'))!.replace('Select job ', '')));
      await box.check();
    }
    const bar = page.getByRole('region', { name: 'Selected jobs' });
    await bar.getByText('3 jobs selected').waitFor();
    expect(new URL(page.url()).searchParams.get('job')).toBeNull();
    await bar.getByRole('button', { name: 'Act on 3 jobs…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Act on 3 jobs' });
    await dialog.getByText(`Selected: ${ids.join(', ')}.`).waitFor();
    // Validation before anything is sent.
    await dialog.getByRole('button', { name: 'Add the remark to 3 jobs' }).click();
    await dialog.getByText('Write a remark').waitFor();
    await dialog.getByLabel('Remark', { exact: true }).fill('Depot closes early today');
    await dialog.getByText('3 jobs will each get this remark in their status history.').waitFor();
    expect(await seriousAxe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add the remark to 3 jobs' }).click();
    await dialog.getByText('Finished: 3 done, 0 conflict, 0 refused.').waitFor();
    const results = dialog.getByRole('list', { name: 'Result per job' }).getByRole('listitem');
    await expect(results.allInnerTexts()).resolves.toEqual(ids.map((id) => `Job ${id}: Done`));
    for (const id of ids) {
      expect(lastEntry(await served(id))).toMatchObject({
        remarks: 'Depot closes early today',
        created_by: { user_type: 'api' },
      });
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await bar.waitFor({ state: 'detached' });
    await page.close();
  });
});

describe('a bulk reassign from the jobs table', () => {
  it('gives 3 selected jobs to one rider chosen by load, distance and position age, each at its version', async () => {
    const page = await open('/jobs?status=3'); // Accepted: Assigned offered
    const boxes = page.getByRole('checkbox', { name: /^Select job \d+$/ });
    await boxes.first().waitFor();
    const ids: number[] = [];
    for (let n = 0; n < 3; n++) {
      const box = boxes.nth(n);
      ids.push(Number((await box.getAttribute('aria-label'))!.replace('Select job ', '')));
      await box.check();
    }
    const before = await Promise.all(ids.map((id) => served(id)));
    const bar = page.getByRole('region', { name: 'Selected jobs' });
    await bar.getByRole('button', { name: 'Act on 3 jobs…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Act on 3 jobs' });
    await dialog.getByRole('radio', { name: 'Reassign rider' }).check();
    // Validation before anything is sent.
    await dialog.getByRole('button', { name: 'Reassign 3 jobs' }).click();
    await dialog.getByText('Choose a rider').waitFor();
    const riders = dialog.locator('label:has(input[name="rider"])');
    await riders.first().waitFor();
    const other = riders.filter({ hasNotText: 'of these jobs' }).first();
    const text = await other.innerText();
    expect(text).toMatch(/km from the farthest job|distance unknown/);
    expect(text).toMatch(/\d+ open jobs?/);
    expect(text).toMatch(/position .* old|no position/);
    const riderId = Number(await other.locator('input').getAttribute('value'));
    await other.locator('input').check();
    await dialog.getByText(/^3 jobs will be given to .+\./).waitFor();
    expect(await seriousAxe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Reassign 3 jobs' }).click();
    await dialog.getByText('Finished: 3 done, 0 conflict, 0 refused.').waitFor();
    for (const [i, id] of ids.entries()) {
      const after = await served(id);
      expect(after.job.rider?.id).toBe(riderId);
      expect(after.job.status).toBe(2);
      expect(after.etag).not.toBe(before[i]!.etag);
      expect(lastEntry(after)).toMatchObject({ status: 2, created_by: { user_type: 'api' } });
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await bar.waitFor({ state: 'detached' });
    await page.close();
  });

  it('leaves alone a selected job changed since it was selected (a conflict), and acts on the rest', async () => {
    const page = await open('/jobs?status=3');
    const boxes = page.getByRole('checkbox', { name: /^Select job \d+$/ });
    await boxes.first().waitFor();
    const ids: number[] = [];
    for (let n = 0; n < 3; n++) {
      const box = boxes.nth(n);
      ids.push(Number((await box.getAttribute('aria-label'))!.replace('Select job ', '')));
      await box.check();
    }
    await page
      .getByRole('region', { name: 'Selected jobs' })
      .getByRole('button', { name: 'Act on 3 jobs…' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Act on 3 jobs' });
    await dialog.getByRole('radio', { name: 'Reassign rider' }).check();
    const other = dialog
      .locator('label:has(input[name="rider"])')
      .filter({ hasNotText: 'of these jobs' })
      .first();
    const riderId = Number(await other.locator('input').getAttribute('value'));
    await other.locator('input').check();
    // Someone else remarks on the second job meanwhile.
    const { etag } = await served(ids[1]!);
    const res = await fetch(`${app.url}/v1/jobs/${ids[1]}/remarks`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${app.token}`, 'If-Match': etag, 'Content-Type': 'application/json' },
      body: JSON.stringify({ remarks: 'Rider swapped by phone' }),
    });
    expect(res.status).toBe(200);
    await dialog.getByRole('button', { name: 'Reassign 3 jobs' }).click();
    await dialog.getByText('Finished: 2 done, 1 conflict, 0 refused.').waitFor();
    expect((await served(ids[0]!)).job.rider?.id).toBe(riderId);
    expect((await served(ids[2]!)).job.rider?.id).toBe(riderId);
    const changed = await served(ids[1]!);
    expect(changed.job.rider?.id).not.toBe(riderId);
    expect(lastEntry(changed).remarks).toBe('Rider swapped by phone');
    await page.close();
  });
});

describe('on a phone', () => {
  it('fits the action dialog in 390×844 with 44 px targets', async () => {
    const id = jobInStatus(3, 1);
    const page = await open(`/jobs?status=3&job=${id}`, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await page
      .getByRole('dialog', { name: `Job ${id}` })
      .getByRole('button', { name: 'Reassign…' })
      .click();
    const dialog = page.getByRole('dialog', { name: `Reassign rider: job ${id}` });
    await dialog.locator('input[name="rider"]').first().waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const submit = (await dialog.getByRole('button', { name: 'Reassign' }).boundingBox())!;
    expect(submit.height).toBeGreaterThanOrEqual(44);
    const choice = (await dialog.locator('label:has(input[name="rider"])').first().boundingBox())!;
    expect(choice.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'job-actions-phone');
    await page.close();
  });
});

describe('on a touch tablet', () => {
  it('gives the selection’s checkboxes 44 px targets, a tap selecting without opening the job', async () => {
    const page = await open('/jobs', { viewport: { width: 1024, height: 768 }, hasTouch: true });
    const boxes = page.getByRole('checkbox', { name: /^Select (job \d+|every job shown)$/ });
    await boxes.nth(1).waitFor();
    const targets = await boxes.evaluateAll((inputs) =>
      inputs.map((input) => {
        const r = (input.closest('label') ?? input).getBoundingClientRect();
        return { name: input.getAttribute('aria-label'), width: r.width, height: r.height };
      }),
    );
    expect(targets.length).toBeGreaterThan(2);
    for (const target of targets) {
      expect(target.width, target.name!).toBeGreaterThanOrEqual(44);
      expect(target.height, target.name!).toBeGreaterThanOrEqual(44);
    }
    // A tap at the target's edge, outside the box drawn, selects the job and opens nothing.
    const first = page.getByRole('checkbox', { name: /^Select job \d+$/ }).first();
    await first.scrollIntoViewIfNeeded();
    const label = (await first.locator('xpath=..').boundingBox())!;
    await page.touchscreen.tap(label.x + 4, label.y + label.height / 2);
    await expect.poll(() => first.isChecked()).toBe(true);
    expect(new URL(page.url()).searchParams.get('job')).toBeNull();
    await page.getByRole('region', { name: 'Selected jobs' }).getByText('1 job selected').waitFor();
    await screenshot(page, 'job-actions-tablet-selection');
    await page.close();
  });
});

describe('a bare service', () => {
  let bare: App;
  beforeAll(async () => {
    bare = await startApp({ jobs: 120, referenceTime: NOW, jobActions: false });
  }, 60_000);
  afterAll(async () => {
    await bare?.close();
  });

  it('draws no action control, and "Next offered" is plain text', async () => {
    const page = bare.page;
    await page.clock.setFixedTime(NOW * 1000);
    const id = bare.server.db.prepare('SELECT id FROM jobs WHERE status = 6 LIMIT 1').pluck().get() as number;
    await signIn(page, bare.token, `/jobs?job=${id}`);
    const side = page.getByRole('complementary', { name: `Job ${id}` });
    await side.getByText('Next offered').waitFor();
    await side.getByText('Delivered, Failed').waitFor();
    // The probe for the extension has answered (404) before anything is counted.
    await page.waitForLoadState('networkidle');
    expect(await side.getByRole('button', { name: /^Move to|Reassign|Add remark|Cancel job/ }).count()).toBe(
      0,
    );
    expect(await page.getByRole('checkbox', { name: /^Select/ }).count()).toBe(0);
    // The control room holds its stream of changes open (the network never idles there): wait
    // for the actions' own probe, which this service answers 404.
    const probed = page.waitForResponse((r) => /^\/v1\/jobs\/\d+$/.test(new URL(r.url()).pathname));
    await signIn(page, bare.token, '/overview');
    await page
      .getByRole('table', { name: 'Jobs needing attention, most urgent first' })
      .locator('tbody tr')
      .first()
      .waitFor({ timeout: 20_000 });
    expect((await probed).status()).toBe(404);
    expect(await page.getByRole('button', { name: /^Act on job/ }).count()).toBe(0);
  });
});

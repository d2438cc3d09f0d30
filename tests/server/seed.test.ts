import type { Polygon } from 'geojson';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BranchesResponse,
  JobsResponse,
  TIME_12H,
  UpdateBranchBody,
  WEEKDAYS,
  type Branch,
  type Job,
} from '../../src/contract';
import { isCounterClockwise, validatePolygon } from '../../src/geo';
import { MEMORY, openDatabase } from '../../server/db';
import { defaultReferenceTime, seed } from '../../server/seed';
import { STATUS, STATUS_LABELS } from '../../server/statuses';
import { TEST_REFERENCE_TIME, TEST_SEED, startTestServer, type TestServer } from '../support/server';
import { client } from './http';

async function everyJobText(server: TestServer): Promise<string[]> {
  const api = client(server);
  const pages: string[] = [];
  for (let page = 1; ; page++) {
    const response = await api.get(`/v1/jobs?page=${page}`);
    const text = await response.text();
    if ((JSON.parse(text) as { jobs: unknown[] }).jobs.length === 0) return pages;
    pages.push(text);
  }
}

describe('determinism', () => {
  it('the same seed gives identical jobs and branches; another seed does not', async () => {
    const [a, b, other] = await Promise.all([
      startTestServer({ jobs: 80, seed: 11 }),
      startTestServer({ jobs: 80, seed: 11 }),
      startTestServer({ jobs: 80, seed: 12 }),
    ]);
    try {
      const [pagesA, pagesB, pagesOther] = await Promise.all([
        everyJobText(a),
        everyJobText(b),
        everyJobText(other),
      ]);
      expect(pagesA).toHaveLength(4);
      expect(pagesB).toEqual(pagesA);
      expect(pagesOther).not.toEqual(pagesA);
      const [branchesA, branchesB] = await Promise.all([
        client(a).get('/v1/branches'),
        client(b).get('/v1/branches'),
      ]);
      expect(await branchesB.text()).toBe(await branchesA.text());
    } finally {
      await Promise.all([a.close(), b.close(), other.close()]);
    }
  });

  it("uses the dashboard's default status dictionary (public/config.json)", () => {
    const config = JSON.parse(readFileSync('public/config.json', 'utf8')) as {
      statuses: Record<string, { label: { en: string } }>;
    };
    const labels = Object.fromEntries(
      Object.entries(config.statuses).map(([code, { label }]) => [code, label.en]),
    );
    expect(labels).toEqual({ ...STATUS_LABELS });
  });

  it('defaults the reference time to now rounded down to the hour', () => {
    expect(defaultReferenceTime(Date.UTC(2026, 0, 2, 13, 59, 59, 999))).toBe(Date.UTC(2026, 0, 2, 13) / 1000);
  });
});

describe('seeded data is realistic and valid', () => {
  let server: TestServer;
  let jobs: Job[];
  let branches: Branch[];

  beforeAll(async () => {
    server = await startTestServer({ jobs: 200, pageSize: 200 });
    jobs = JobsResponse.parse(await client(server).getJson('/v1/jobs')).jobs;
    branches = BranchesResponse.parse(await client(server).getJson('/v1/branches')).branches;
  });
  afterAll(async () => {
    await server.close();
  });

  it('has 8 branches in real cities with plausible ids and time zones', () => {
    expect(branches).toHaveLength(8);
    for (const branch of branches) {
      expect(branch.id).toMatch(/^[A-Z]{3}-\d{2}$/);
      expect(branch.time_zone).toMatch(/^[A-Z][a-z]+\/[A-Za-z_]+$/);
      expect(branch.formatted_address.length).toBeGreaterThan(10);
      expect(branch.contacts.length).toBeGreaterThanOrEqual(1);
      expect(branch.contacts.length).toBeLessThanOrEqual(3);
    }
  });

  it('gives every branch 1-4 valid zones: closed, counter-clockwise, 8-40 vertices, 6 decimals, string ids, a name', () => {
    for (const branch of branches) {
      const features = branch.delivery_zones!.features;
      expect(features.length).toBeGreaterThanOrEqual(1);
      expect(features.length).toBeLessThanOrEqual(4);
      for (const feature of features) {
        expect(typeof feature.id).toBe('string');
        expect(typeof feature.properties.name).toBe('string');
        const rings = (feature.geometry as Polygon).coordinates;
        const exterior = rings[0]!;
        expect(exterior[0]).toEqual(exterior.at(-1));
        expect(exterior.length - 1).toBeGreaterThanOrEqual(8);
        expect(exterior.length - 1).toBeLessThanOrEqual(40);
        expect(isCounterClockwise(exterior)).toBe(true);
        expect(validatePolygon(rings)).toEqual([]);
        expect(exterior.flat().every((n) => Math.round(n * 1e6) / 1e6 === n)).toBe(true);
      }
    }
  });

  it('serves branches a client can send straight back (PUT schema)', () => {
    for (const { id, name, active, coordinates, formatted_address, delivery_zones, contacts } of branches) {
      const body = { branch: { id, name, active, coordinates, formatted_address, delivery_zones, contacts } };
      expect(UpdateBranchBody.safeParse(body).error).toBeUndefined();
    }
    const contacts = branches.flatMap((b) => b.contacts);
    expect(contacts.length).toBeGreaterThan(0);
    expect(
      contacts.filter((c) => !TIME_12H.test(c.work_timings.from) || !TIME_12H.test(c.work_timings.to)),
    ).toEqual([]);
    expect(
      contacts.filter((c) => c.work_days.some((d) => !(WEEKDAYS as readonly string[]).includes(d))),
    ).toEqual([]);
  });

  it('spreads jobs over the 30 days before the reference time, with histories in order and never in the future', () => {
    for (const job of jobs) {
      expect(job.created_at).toBeGreaterThan(TEST_REFERENCE_TIME - 31 * 86_400);
      expect(job.created_at).toBeLessThanOrEqual(TEST_REFERENCE_TIME);
      const times = job.status_history.map((h) => h.created_at);
      expect(times[0]).toBe(job.created_at);
      expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
      expect(job.updated_at).toBe(times.at(-1));
      expect(job.updated_at).toBeLessThanOrEqual(TEST_REFERENCE_TIME);
      expect(job.pickups.length).toBeLessThanOrEqual(3);
      expect(job.deliveries.length).toBeLessThanOrEqual(5);
      expect(job.team_id).toMatch(/^team-[1-6]$/);
    }
  });

  it('covers every status of the dictionary during a working day, with at least one history of 50+ entries', () => {
    // At the test data's midnight (UTC) the default branches are closed; at 09:00 every stage is under way.
    const db = openDatabase(MEMORY);
    try {
      seed(db, { seed: TEST_SEED, jobs: 1000, referenceTime: TEST_REFERENCE_TIME + 9 * 3600 });
      const statuses = new Set(db.prepare('SELECT DISTINCT status FROM jobs').pluck().all() as number[]);
      for (const code of Object.values(STATUS)) expect(statuses, `status ${code}`).toContain(code);
      const longest = db
        .prepare('SELECT max(n) FROM (SELECT count(*) AS n FROM job_status_history GROUP BY job_id)')
        .pluck()
        .get() as number;
      expect(longest).toBeGreaterThanOrEqual(50);
    } finally {
      db.close();
    }
  });

  it('fills deliveries the way the spec allows: OTPs, proofs on delivered ones, amounts in cents, some null customers', () => {
    const deliveries = jobs.flatMap((j) => j.deliveries);
    const withOtp = deliveries.filter((d) => d.enable_otp);
    const withoutOtp = deliveries.filter((d) => !d.enable_otp);
    expect(withOtp.length).toBeGreaterThan(0);
    expect(withoutOtp.length).toBeGreaterThan(0);
    expect(withOtp.map((d) => d.otp).filter((otp) => !/^\d{4}$/.test(otp))).toEqual([]);
    expect(withoutOtp.map((d) => d.otp).filter((otp) => otp !== '')).toEqual([]);
    const proofs = deliveries.flatMap((d) => d.proof_of_delivery_images as string[]);
    expect(proofs.length).toBeGreaterThan(0);
    expect(proofs.filter((url) => !url.startsWith('https://'))).toEqual([]);
    expect(
      deliveries.filter((d) => d.proof_of_delivery_images.length > 0 && d.status !== STATUS.DELIVERED),
    ).toEqual([]);
    expect(
      deliveries.map((d) => d.amount).filter((amount) => Math.round(amount! * 100) / 100 !== amount),
    ).toEqual([]);
    expect(new Set(deliveries.map((d) => d.payment_type))).toEqual(new Set([1, 2, 3]));
    expect(deliveries.some((d) => d.customer === null)).toBe(true);
    const riders = jobs.map((j) => j.rider!);
    expect(riders.some((r) => r.dial_code === '' && r.mobile === '')).toBe(true);
    expect(riders.some((r) => r.last_coordinates.latitude === null)).toBe(true);
  });
});

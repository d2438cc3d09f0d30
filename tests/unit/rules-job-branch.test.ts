/**
 * A job's branch, one rule (src/rules/job-branch.ts): the jobs table and its export, the
 * control room's exceptions and figures, and the job's small map all place a job the same way,
 * a job whose only branch is on a delivery included.
 */
import { describe, expect, it } from 'vitest';
import { jobBranch, jobBranchId, jobBranches } from '../../src/rules/job-branch';
import { exceptionRule, findExceptions } from '../../src/rules/exceptions';
import { dayFigures, figureRule } from '../../src/rules/day-figures';
import { lateRule } from '../../src/rules/lateness';
import { CSV_FIELDS, jobCsvRow } from '../../src/features/jobs/header/csv';
import { jobRoute } from '../../src/job-views/map-data';
import { jobTimeZone } from '../../src/job-views/job-facts';
import { HOUR, MIN, NOW, config, makeJob } from './rules-fixtures';

const branch = makeJob(0).pickups[0]!.branch!;
const at = (id: string, time_zone = 'Europe/London') => ({ ...branch, id, name: `Branch ${id}`, time_zone });

/** Late (its pickup's slot ended 42 minutes ago), its only branch on its delivery. */
const deliveryOnly = makeJob(1, {
  pickups: [{ branch: null, pickup_slot_to: NOW - 42 * MIN }],
  deliveries: [{ branch: at('BER-01', 'Europe/Berlin') }],
});

describe("a job's branch", () => {
  it('is the first pickup that names one, else the first delivery that does, else none', () => {
    const twoPickups = makeJob(2, { pickups: [{ branch: null }, { branch: at('MAN-01') }] });
    expect(jobBranchId(twoPickups)).toBe('MAN-01');
    const both = makeJob(3, { pickups: [{ branch: at('LDN-02') }], deliveries: [{ branch: at('BER-01') }] });
    expect(jobBranchId(both)).toBe('LDN-02');
    expect(jobBranch(deliveryOnly)?.name).toBe('Branch BER-01');
    const none = makeJob(4, { pickups: [{ branch: null }], deliveries: [{ branch: null }] });
    expect(jobBranch(none)).toBeNull();
    expect(jobBranchId(none)).toBe('');
  });

  it("lists the job's distinct branches with its own first, pickups before deliveries", () => {
    const job = makeJob(5, {
      pickups: [{ branch: null }, { branch: at('MAN-01') }],
      deliveries: [{ branch: at('BER-01') }, { branch: at('MAN-01') }],
    });
    expect(jobBranches(job).map((b) => b.id)).toEqual(['MAN-01', 'BER-01']);
    expect(jobBranches(job)[0]).toEqual(jobBranch(job));
  });

  it('places a delivery-only-branch job under that branch in the table, the control room and its map', () => {
    const row = jobCsvRow(deliveryOnly, config, NOW);
    expect(row[CSV_FIELDS.indexOf('branch_ids')]).toBe('BER-01');
    expect(row[CSV_FIELDS.indexOf('branch_names')]).toBe('Branch BER-01');

    const exceptions = findExceptions(
      [deliveryOnly],
      NOW,
      exceptionRule(config, (s) => `Status ${s}`),
    );
    expect([...exceptions.byBranch.keys()]).toEqual(['BER-01']);
    expect(exceptions.byBranch.get('BER-01')).toMatchObject({ late: 1, jobs: 1 });

    const figures = dayFigures(
      [deliveryOnly],
      { from: NOW - 12 * HOUR, to: NOW + 12 * HOUR },
      NOW,
      figureRule(config),
    );
    expect(figures.branches.map((b) => b.branch)).toEqual(['BER-01']);

    const route = jobRoute(deliveryOnly, NOW, lateRule(config), config);
    expect(route.branch.features.map((f) => f.properties.label)).toEqual(['Branch Branch BER-01 (BER-01)']);

    expect(jobTimeZone(deliveryOnly)).toBe('Europe/Berlin');
  });
});

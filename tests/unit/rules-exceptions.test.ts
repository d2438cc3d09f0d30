import { describe, expect, it } from 'vitest';
import { describeStatus } from '../../src/config';
import { exceptionRule, findExceptions, jobExceptions } from '../../src/rules/exceptions';
import { HOUR, MIN, NOW, config, makeJob, rider } from './rules-fixtures';

const rule = exceptionRule(config, (code) => describeStatus(config, code).label);
const texts = (job: Parameters<typeof jobExceptions>[0], now = NOW) =>
  jobExceptions(job, now, rule).map((r) => r.text);

describe('exceptions of a job', () => {
  it('has none when its slots are far, its status young and its rider reporting', () => {
    expect(texts(makeJob(1))).toEqual([]);
  });

  it('is late by its latest late stop, named among its kind, once the grace period has passed', () => {
    const job = makeJob(1, {
      deliveries: [
        { delivery_slot_to: NOW - 10 * MIN },
        { delivery_slot_to: NOW - 42 * MIN },
        { delivery_slot_to: NOW + 4 * HOUR },
      ],
    });
    expect(jobExceptions(job, NOW, rule)).toEqual([
      {
        kind: 'late',
        seconds: 42 * MIN,
        stop: { kind: 'delivery', id: 16, index: 1, count: 3 },
        text: 'late 42 min at delivery 2 of 3',
      },
    ]);
    // Exactly at the slot's end plus the grace period: not late yet, at risk (the slot has ended).
    const edge = makeJob(2, { pickups: [{ pickup_slot_to: NOW - 5 * MIN }] });
    expect(texts(edge)).toEqual(['slot ended 5 min ago at pickup 1 of 1']);
    expect(texts(edge, NOW + 1)).toEqual(['late 5 min at pickup 1 of 1']);
  });

  it('is at risk when an open stop not in progress has its slot ending within atRiskMinutes', () => {
    const job = makeJob(1, { pickups: [{ pickup_slot_to: NOW + 12 * MIN }] });
    expect(jobExceptions(job, NOW, rule)).toEqual([
      {
        kind: 'at-risk',
        seconds: 12 * MIN,
        stop: { kind: 'pickup', id: 10, index: 0, count: 1 },
        text: 'slot ends in 12 min at pickup 1 of 1',
      },
    ]);
    // Exactly atRiskMinutes left is within; a second more is not.
    const edge = makeJob(2, { pickups: [{ pickup_slot_to: NOW + 30 * MIN }] });
    expect(texts(edge)).toEqual(['slot ends in 30 min at pickup 1 of 1']);
    expect(texts(edge, NOW - 1)).toEqual([]);
    // The stop with the least time left is named.
    const two = makeJob(3, {
      deliveries: [{ delivery_slot_to: NOW + 20 * MIN }, { delivery_slot_to: NOW + 10 * MIN }],
    });
    expect(texts(two)).toEqual(['slot ends in 10 min at delivery 2 of 2']);
  });

  it('is not at risk when the stop is in progress (its flag or its status), done, or its job final', () => {
    const soon = { pickup_slot_to: NOW + 10 * MIN };
    expect(texts(makeJob(1, { pickups: [{ ...soon, status: 4 }] }))).toEqual([]);
    expect(texts(makeJob(2, { pickups: [{ ...soon, in_progress: true }] }))).toEqual([]);
    expect(texts(makeJob(3, { pickups: [{ ...soon, completed: true }] }))).toEqual([]);
    expect(texts(makeJob(4, { pickups: [{ ...soon, status: 9 }] }))).toEqual([]);
    expect(texts(makeJob(5, { status: 9, pickups: [soon] }))).toEqual([]);
    expect(texts(makeJob(6, { pickups: [{ ...soon, pickup_slot_to: null }] }))).toEqual([]);
  });

  it('is stuck when longer in its status than the status allows, counted from its last history entry', () => {
    expect(jobExceptions(makeJob(1, { status: 2, since: NOW - 41 * MIN }), NOW, rule)).toEqual([
      { kind: 'stuck', seconds: 41 * MIN, stop: null, text: '41 min in Assigned' },
    ]);
    expect(texts(makeJob(2, { status: 1, since: NOW - (3 * HOUR + 5 * MIN) }))).toEqual([
      '3 h 05 min in Created',
    ]);
    // Exactly the threshold is not longer than it.
    const edge = makeJob(3, { status: 5, since: NOW - 20 * MIN });
    expect(texts(edge)).toEqual([]);
    expect(texts(edge, NOW + 1)).toEqual(['20 min in Picked up']);
    // Accepted has no threshold; a job without history cannot be timed.
    expect(texts(makeJob(4, { status: 3, since: NOW - 5 * HOUR }))).toEqual([]);
    expect(texts(makeJob(5, { status: 2, history: [] }))).toEqual([]);
    // A final job is never stuck, nor an exception at all.
    expect(texts(makeJob(6, { status: 7, since: NOW - 5 * HOUR, rider: rider(3 * HOUR) }))).toEqual([]);
  });

  it('has its rider not reporting when the position is older than staleRiderMinutes, or missing', () => {
    expect(jobExceptions(makeJob(1, { rider: rider(35 * MIN) }), NOW, rule)).toEqual([
      { kind: 'rider', seconds: 35 * MIN, stop: null, text: 'rider last seen 35 min ago' },
    ]);
    expect(texts(makeJob(2, { rider: rider(15 * MIN) }))).toEqual([]);
    expect(texts(makeJob(3, { rider: rider(15 * MIN + 1) }))).toEqual(['rider last seen 15 min ago']);
    const unplaced = { ...rider(MIN), last_coordinates: { latitude: null, longitude: null } };
    expect(jobExceptions(makeJob(4, { rider: unplaced }), NOW, rule)).toEqual([
      { kind: 'rider', seconds: null, stop: null, text: 'rider has sent no position' },
    ]);
    // No rider: nobody to hear from.
    expect(texts(makeJob(5, { rider: null }))).toEqual([]);
  });

  it('carries every reason that applies, most urgent first', () => {
    const job = makeJob(1, {
      status: 2,
      since: NOW - 50 * MIN,
      rider: rider(HOUR),
      pickups: [{ pickup_slot_to: NOW - 20 * MIN }],
      deliveries: [{ delivery_slot_to: NOW + 25 * MIN }],
    });
    expect(texts(job)).toEqual([
      'late 20 min at pickup 1 of 1',
      'rider last seen 1 h 00 min ago',
      '50 min in Assigned',
      'slot ends in 25 min at delivery 1 of 1',
    ]);
  });
});

describe('the exceptions list', () => {
  const jobs = [
    makeJob(1, { pickups: [{ pickup_slot_to: NOW - 10 * MIN }] }),
    makeJob(2, { pickups: [{ pickup_slot_to: NOW + 25 * MIN }] }),
    makeJob(3, { rider: rider(20 * MIN), branch: 'BER-01' }),
    makeJob(4, { pickups: [{ pickup_slot_to: NOW - 42 * MIN }], rider: rider(HOUR), branch: 'BER-01' }),
    makeJob(5, { status: 2, since: NOW - 2 * HOUR }),
    makeJob(6, { rider: { ...rider(MIN), last_coordinates: { latitude: null, longitude: null } } }),
    makeJob(7, { pickups: [{ pickup_slot_to: NOW + 5 * MIN }] }),
    makeJob(8),
    makeJob(9, { status: 7, pickups: [{ pickup_slot_to: NOW - HOUR }] }),
  ];
  const found = findExceptions(jobs, NOW, rule);

  it('puts late jobs first (latest first), then riders not reporting, stuck, and at risk by least time left', () => {
    expect(found.list.map((e) => e.job.id)).toEqual([4, 1, 6, 3, 5, 7, 2]);
    expect(found.list[0]!.reasons.map((r) => r.kind)).toEqual(['late', 'rider']);
  });

  it('counts the jobs carrying each reason, overall and per branch', () => {
    expect(found.counts).toEqual({ late: 2, rider: 3, stuck: 1, 'at-risk': 2, jobs: 7 });
    expect(Object.fromEntries(found.byBranch)).toEqual({
      'LDN-01': { late: 1, rider: 1, stuck: 1, 'at-risk': 2, jobs: 5 },
      'BER-01': { late: 1, rider: 2, stuck: 0, 'at-risk': 0, jobs: 2 },
    });
  });
});

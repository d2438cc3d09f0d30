import { describe, expect, it } from 'vitest';
import { listParam, parseListParam } from '../../src/features/control-room/figure-list';
import type { FigurePick } from '../../src/rules/figure-jobs';
import { validateControlRoomSearch } from '../../src/features/control-room/control-room-search';
import { controlRoomWindow } from '../../src/features/control-room/window';
import { openStatuses } from '../../src/job-views/open-work';
import { config, makeJob } from './rules-fixtures';

// 2026-11-26 10:00 UTC: 11:00 in Berlin, 15:30 in Mumbai, 05:00 in New York.
const NOW = Date.UTC(2026, 10, 26, 10) / 1000;
const at = (iso: string) => Date.parse(iso) / 1000;

describe('the control room’s URL', () => {
  it('reads what it knows and drops the rest, so a link never fails', () => {
    expect(
      validateControlRoomSearch({
        window: '7d',
        reason: 'late',
        job: '42',
        rider: 'x',
        branch_id: ' LDN-01 ',
      }),
    ).toMatchObject({ window: '7d', reason: 'late', job: 42, rider: undefined, branch_id: 'LDN-01' });
    expect(validateControlRoomSearch({ window: 'month', reason: 'bored' })).toMatchObject({
      window: undefined,
      reason: undefined,
    });
  });

  it('takes a custom window only with its start, and the right way round', () => {
    expect(validateControlRoomSearch({ window: 'custom' }).window).toBeUndefined();
    expect(validateControlRoomSearch({ window: 'custom', from: '200', to: '100' })).toMatchObject({
      window: 'custom',
      from: 100,
      to: 200,
    });
  });
});

describe('the control room’s window', () => {
  const zoneOf = (job: { id: number }) => (job.id === 1 ? 'Asia/Kolkata' : 'America/New_York');

  it('is today in each job’s own zone, read from the hour a day before now', () => {
    const w = controlRoomWindow({}, NOW, zoneOf as never, 'UTC');
    expect(w.read).toEqual({ timestamp_from: NOW - 86_400 });
    // Mumbai's day began at 18:30 UTC the day before; New York's at 05:00 UTC today.
    expect(w.keeps(makeJob(1, { created: at('2026-11-25T19:00:00Z') }))).toBe(true);
    expect(w.keeps(makeJob(2, { created: at('2026-11-25T19:00:00Z') }))).toBe(false);
    expect(w.keeps(makeJob(2, { created: at('2026-11-26T05:00:00Z') }))).toBe(true);
    expect(w.range).toEqual({ from: at('2026-11-26T00:00:00Z'), to: at('2026-11-27T00:00:00Z') });
  });

  it('reads rolling windows from the hour before their start, so the read changes once an hour', () => {
    const later = NOW + 25 * 60;
    expect(controlRoomWindow({ window: '24h' }, later, zoneOf as never, 'UTC').read).toEqual(
      controlRoomWindow({ window: '24h' }, NOW, zoneOf as never, 'UTC').read,
    );
    const w = controlRoomWindow({ window: '24h' }, later, zoneOf as never, 'UTC');
    expect(w.keeps(makeJob(2, { created: later - 86_400 }))).toBe(true);
    expect(w.keeps(makeJob(2, { created: later - 86_401 }))).toBe(false);
  });

  it('counts seven calendar days, today included, in daily buckets', () => {
    const w = controlRoomWindow({ window: '7d' }, NOW, zoneOf as never, 'UTC');
    expect(w.range).toEqual({ from: at('2026-11-20T00:00:00Z'), to: at('2026-11-27T00:00:00Z') });
    expect(w.keeps(makeJob(2, { created: at('2026-11-20T04:59:00Z') }))).toBe(false);
    expect(w.keeps(makeJob(2, { created: at('2026-11-20T05:00:00Z') }))).toBe(true);
  });

  it('takes a custom window as given', () => {
    const w = controlRoomWindow({ window: 'custom', from: 100, to: 5000 }, NOW, zoneOf as never, 'UTC');
    expect(w.read).toEqual({ timestamp_from: 100, timestamp_to: 5000 });
    expect(w.keeps(makeJob(2, { created: 5001 }))).toBe(false);
  });
});

describe('open work and what links to it', () => {
  it('reads every open status, or only the one filtered on, and none for a final one', () => {
    expect(openStatuses(config)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(openStatuses(config, 4)).toEqual([4]);
    expect(openStatuses(config, 77)).toEqual([77]);
    expect(openStatuses(config, 7)).toEqual([]);
  });

  it('names a figure’s list in its URL and reads it back; text it cannot read lists nothing', () => {
    const picks: FigurePick[] = [
      { kind: 'completed' },
      { kind: 'late' },
      { kind: 'created', at: 1_732_867_200 },
      { kind: 'delivered', at: 1_732_870_800 },
      { kind: 'branch', branch: 'LDN-01' },
      { kind: 'branch', branch: '' },
      { kind: 'spells', status: 6 },
    ];
    for (const pick of picks) expect(parseListParam(listParam(pick))).toEqual(pick);
    for (const bad of [undefined, 'everything', 'created:soon', 'spells:', 'rider:4'])
      expect(parseListParam(bad), String(bad)).toBeNull();
  });
});

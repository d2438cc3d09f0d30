import { createFormControl } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Branch } from '../../src/contract';
import {
  createFormSchema,
  describePath,
  formIssues,
  mapDetailPath,
  normalizeDays,
  parseDegrees,
  to12h,
  to24h,
  toFormValues,
  type BranchFormValues,
} from '../../src/features/branches/form-model';
import { rebase } from '../../src/features/branches/diff';
import {
  clearDraft,
  createDebounced,
  draftKey,
  listDraftIds,
  readDraft,
  writeDraft,
} from '../../src/features/branches/draft';
import { zoneProblems } from '../../src/features/branches/zone-check';
import { branch as branchFixture } from './fixtures';

const loaded = Branch.parse(branchFixture);

describe('time pickers <-> hh:mm AM', () => {
  it('converts the wire form to the picker form', () => {
    expect(to24h('09:00 AM')).toBe('09:00');
    expect(to24h('12:00 AM')).toBe('00:00');
    expect(to24h('12:30 PM')).toBe('12:30');
    expect(to24h('05:45 PM')).toBe('17:45');
    expect(to24h('9:05pm')).toBe('21:05'); // read leniently
    expect(to24h('')).toBe('');
    expect(to24h('25:00')).toBe('');
  });

  it('converts the picker form to the wire form', () => {
    expect(to12h('00:00')).toBe('12:00 AM');
    expect(to12h('09:00')).toBe('09:00 AM');
    expect(to12h('12:00')).toBe('12:00 PM');
    expect(to12h('17:45')).toBe('05:45 PM');
    expect(to12h('23:59:30')).toBe('11:59 PM');
    expect(to12h('')).toBe('');
  });

  it('round-trips every minute of the day', () => {
    for (let m = 0; m < 24 * 60; m++) {
      const hhmm = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      expect(to24h(to12h(hhmm))).toBe(hhmm);
    }
  });
});

describe('reading a branch into the form', () => {
  it('keeps coordinates as typed text and days in week order, once each', () => {
    const b = Branch.parse({
      ...branchFixture,
      contacts: [{ ...branchFixture.contacts[0], work_days: ['Friday', 'monday', 'monday', 'funday'] }],
    });
    const v = toFormValues(b);
    expect(v.coordinates).toEqual({ latitude: '51.51', longitude: '-0.12' });
    expect(v.contacts[0]!.work_days).toEqual(['monday', 'friday']);
    expect(normalizeDays(['SUNDAY', 'saturday'])).toEqual(['saturday', 'sunday']);
  });

  it('keeps an unreadable time as sent, so the form flags it instead of inventing one', () => {
    const b = Branch.parse({
      ...branchFixture,
      contacts: [{ ...branchFixture.contacts[0], work_timings: { from: 'noon', to: '5pm' } }],
    });
    expect(toFormValues(b).contacts[0]!.work_timings).toEqual({ from: 'noon', to: '05:00 PM' });
  });

  it('reads decimal degrees strictly', () => {
    expect(parseDegrees(' -0.1276 ')).toBe(-0.1276);
    expect(parseDegrees('+51')).toBe(51);
    expect(parseDegrees('.5')).toBe(0.5);
    expect(parseDegrees('51,5')).toBeNull();
    expect(parseDegrees('1e2')).toBeNull();
    expect(parseDegrees('51°')).toBeNull();
    expect(parseDegrees('')).toBeNull();
  });
});

describe('form schema messages', () => {
  const schema = createFormSchema(zoneProblems);
  const base = toFormValues(loaded);
  const issuesFor = (mutate: (v: BranchFormValues) => void) => {
    const v = structuredClone(base);
    mutate(v);
    return formIssues(schema, v);
  };

  it('accepts the loaded branch', () => {
    expect(formIssues(schema, base)).toEqual([]);
  });

  it.each([
    ['name', (v: BranchFormValues) => (v.name = '  '), 'Name is required'],
    ['coordinates.latitude', (v: BranchFormValues) => (v.coordinates.latitude = ''), 'Latitude is required'],
    [
      'coordinates.latitude',
      (v: BranchFormValues) => (v.coordinates.latitude = '91'),
      'Latitude must be between -90 and 90',
    ],
    [
      'coordinates.latitude',
      (v: BranchFormValues) => (v.coordinates.latitude = 'north'),
      'Latitude must be decimal degrees, for example 51.5072',
    ],
    [
      'coordinates.longitude',
      (v: BranchFormValues) => (v.coordinates.longitude = '-180.5'),
      'Longitude must be between -180 and 180',
    ],
    [
      'coordinates.longitude',
      (v: BranchFormValues) => (v.coordinates.longitude = '0,5'),
      'Use a dot as the decimal separator, for example 0.5',
    ],
    [
      'formatted_address',
      (v: BranchFormValues) => (v.formatted_address = 'x'.repeat(501)),
      'Address is at most 500 characters',
    ],
    ['contacts.0.name', (v: BranchFormValues) => (v.contacts[0]!.name = ''), 'Name is required'],
    ['contacts.0.phone', (v: BranchFormValues) => (v.contacts[0]!.phone = ''), 'Phone is required'],
    [
      'contacts.0.phone',
      (v: BranchFormValues) => (v.contacts[0]!.phone = 'call me'),
      'Use digits, spaces, dashes or brackets, optionally starting with +',
    ],
    [
      'contacts.0.work_timings.from',
      (v: BranchFormValues) => (v.contacts[0]!.work_timings.from = ''),
      'Start time is required',
    ],
    [
      'contacts.0.work_timings.to',
      (v: BranchFormValues) => (v.contacts[0]!.work_timings.to = 'soon'),
      'End time "soon" is not a valid time',
    ],
    [
      'id',
      (v: BranchFormValues) => (v.id = 'bad id'),
      'Use 1-64 letters, digits, dots, dashes or underscores, starting with a letter or digit',
    ],
  ])('%s: %s', (path, mutate, message) => {
    expect(issuesFor(mutate)).toContainEqual({ path, message });
  });

  it('blocks zones that are not valid polygons, naming the zone', () => {
    const issues = issuesFor((v) => {
      v.delivery_zones = {
        type: 'FeatureCollection',
        features: [
          {
            id: 'bow',
            type: 'Feature',
            properties: {},
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [0, 0],
                  [1, 1],
                  [1, 0],
                  [0, 1],
                  [0, 0],
                ],
              ],
            },
          },
        ],
      };
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toBe('delivery_zones');
    expect(issues[0]!.message).toMatch(/^Zone 1: .*cross/i);
  });

  it('says form paths for people', () => {
    expect(describePath('contacts.1.work_timings.from')).toBe('Contact 2 start time');
    expect(describePath('coordinates.latitude')).toBe('Latitude');
    expect(describePath('delivery_zones')).toBe('Delivery zones');
  });
});

describe('server error paths onto fields', () => {
  it.each([
    ['branch.name', { kind: 'field', field: 'name' }],
    ['branch.id', { kind: 'field', field: 'id' }],
    ['branch.coordinates.latitude', { kind: 'field', field: 'coordinates.latitude' }],
    ['branch.contacts.1.phone', { kind: 'field', field: 'contacts.1.phone' }],
    ['branch.contacts.0.work_timings.to', { kind: 'field', field: 'contacts.0.work_timings.to' }],
    ['branch.contacts.0.work_days.3', { kind: 'field', field: 'contacts.0.work_days' }],
    ['branch.contacts', { kind: 'field', field: 'contacts' }],
    ['branch.delivery_zones.features.2.geometry.coordinates.0', { kind: 'zone', index: 2 }],
    ['branch.delivery_zones', { kind: 'zone', index: null }],
    ['branch.contacts.9.name', { kind: 'other' }], // no such contact in the form
    ['branch.colour', { kind: 'other' }],
    ['', { kind: 'other' }],
  ])('%s', (path, expected) => {
    expect(mapDetailPath(path, 'msg', 2)).toMatchObject({ ...expected, message: 'msg' });
  });
});

describe('drafts in localStorage', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, String(v)),
      removeItem: (k: string) => void store.delete(k),
      key: (i: number) => [...store.keys()][i] ?? null,
      get length() {
        return store.size;
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const values = toFormValues(loaded);
  const draft = {
    branchId: 'LDN-01',
    savedAt: 1_700_000_500,
    baseUpdatedAt: loaded.updated_at,
    base: values,
    values: { ...values, name: 'Draft' },
  };

  it('writes, reads back, lists and clears a draft per branch id', () => {
    expect(writeDraft(draft)).toEqual({ ok: true });
    expect(readDraft('LDN-01')).toEqual({ version: 1, ...draft });
    expect(readDraft('PAR-01')).toBeNull();
    expect(listDraftIds()).toEqual(['LDN-01']);
    clearDraft('LDN-01');
    expect(readDraft('LDN-01')).toBeNull();
  });

  it('holds form values only: never the sign-in token', () => {
    writeDraft(draft);
    const raw = store.get(draftKey('LDN-01'))!;
    expect(Object.keys(JSON.parse(raw)).sort()).toEqual([
      'base',
      'baseUpdatedAt',
      'branchId',
      'savedAt',
      'values',
      'version',
    ]);
    expect(raw).not.toMatch(/token|authorization|bearer/i);
  });

  it('ignores broken or foreign entries', () => {
    store.set(draftKey('LDN-01'), '{not json');
    expect(readDraft('LDN-01')).toBeNull();
    store.set(draftKey('LDN-01'), JSON.stringify({ ...draft, branchId: 'OTHER', version: 1 }));
    expect(readDraft('LDN-01')).toBeNull();
  });

  it('says so when storage is full', () => {
    vi.stubGlobal('localStorage', {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    });
    expect(writeDraft(draft)).toEqual({ ok: false, reason: expect.stringMatching(/storage is full/) });
  });

  it('debounces writes and flushes the pending one on demand', () => {
    vi.useFakeTimers();
    const d = createDebounced(400);
    const fn = vi.fn();
    d.schedule(fn);
    d.schedule(fn);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(fn).toHaveBeenCalledTimes(1);
    d.schedule(fn);
    d.flush();
    expect(fn).toHaveBeenCalledTimes(2);
    d.flush();
    d.schedule(fn);
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('the zones in the form', () => {
  it('are not copied on each change of another field, and read, compare and serialise as the plain GeoJSON', () => {
    const values = toFormValues(loaded);
    expect(values.delivery_zones.features.length).toBeGreaterThan(0);
    const form = createFormControl<BranchFormValues>({ defaultValues: values });
    // Values watched whole, as the review bar and the draft writer watch them.
    const watched: BranchFormValues[] = [];
    form.subscribe({ formState: { values: true }, callback: (state) => void watched.push(state.values) });
    form.setValue('name', 'Renamed', { shouldDirty: true });
    expect(form.getValues('name')).toBe('Renamed');
    expect(form.getValues('delivery_zones')).toBe(values.delivery_zones);
    expect(watched.at(-1)?.delivery_zones).toBe(values.delivery_zones);

    expect(values.delivery_zones).toEqual(loaded.delivery_zones);
    expect(JSON.stringify(values.delivery_zones)).toBe(JSON.stringify(loaded.delivery_zones));
  });

  it('a draft read back from storage is held the same way once restored', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, String(v)),
    });
    try {
      const values = toFormValues(loaded);
      const form = createFormControl<BranchFormValues>({ defaultValues: values });
      // A draft whose zones differ from the loaded ones, so that restoring takes them from storage.
      const drafted = {
        ...values,
        delivery_zones: { ...values.delivery_zones, features: values.delivery_zones.features.slice(1) },
      };
      writeDraft({
        branchId: 'LDN-01',
        savedAt: 1_700_000_500,
        baseUpdatedAt: loaded.updated_at,
        base: values,
        values: drafted,
      });
      const fromStorage = JSON.parse(JSON.stringify(drafted)) as BranchFormValues;
      const draft = readDraft('LDN-01')!;
      const restored = rebase(draft.base, draft.values, values).values;
      form.reset(restored, { keepDefaultValues: true });
      form.setValue('name', 'Renamed');
      expect(form.getValues('delivery_zones')).toBe(restored.delivery_zones);
      expect(restored.delivery_zones).toEqual(fromStorage.delivery_zones);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

import { createFormControl } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Branch, INPUT_MESSAGES, Latitude } from '../../src/contract';
import { chooseLocale } from '../../src/i18n';
import { ApiError } from '../../src/api';
import {
  clearDraft,
  listDraftIds,
  readDraft,
  readOtherDrafts,
  removeDraftAt,
  writeDraft,
} from '../../src/features/branches/drafts/draft';
import { clearAllDrafts, draftKey, untabbedDraftKey } from '../../src/features/branches/drafts/draft-keys';
import { describePath } from '../../src/features/branches/form/fields';
import {
  createFormSchema,
  formIssues,
  parseCoordinatePair,
  parseDegrees,
  unusualHours,
  type ContactValues,
  readDays,
  to12h,
  to24h,
  toFormValues,
  type BranchFormValues,
} from '../../src/features/branches/form/form-model';
import { restoredNote } from '../../src/features/branches/drafts/draft-note';
import { rebase, restoreUnder } from '../../src/features/branches/review/rebase';
import {
  BranchGoneError,
  mapDetailPath,
  saveErrorView,
} from '../../src/features/branches/review/save-errors';
import { createDebounced } from '../../src/features/branches/drafts/useBranchDraft';
import { zoneProblems } from '../../src/features/branches/editor/zone-problems';
import { branch as branchFixture } from './fixtures';

/** The tab the drafts below are written from (a tab's id, drafts/tab.ts). */
const tab = 'tab-a';

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
  it('keeps coordinates as typed text, and days in week order, once each, other names after them as sent', () => {
    const b = Branch.parse({
      ...branchFixture,
      contacts: [
        { ...branchFixture.contacts[0], work_days: ['Friday', 'funday', 'monday', 'monday', ' funday'] },
      ],
    });
    const v = toFormValues(b);
    expect(v.coordinates).toEqual({ latitude: '51.51', longitude: '-0.12' });
    expect(v.contacts[0]!.work_days).toEqual(['monday', 'friday', 'funday']);
    expect(readDays(['SUNDAY', 'saturday'])).toEqual(['saturday', 'sunday']);
  });

  it('keeps an unreadable time as sent, so the form flags it instead of inventing one', () => {
    const b = Branch.parse({
      ...branchFixture,
      contacts: [{ ...branchFixture.contacts[0], work_timings: { from: 'noon', to: '5pm' } }],
    });
    expect(toFormValues(b).contacts[0]!.work_timings).toEqual({ from: 'noon', to: '05:00 PM' });
  });

  it('reads decimal degrees strictly, with a decimal point or a decimal comma', () => {
    expect(parseDegrees(' -0.1276 ')).toBe(-0.1276);
    expect(parseDegrees('+51')).toBe(51);
    expect(parseDegrees('.5')).toBe(0.5);
    expect(parseDegrees('72,88')).toBe(72.88);
    expect(parseDegrees('-0,1276')).toBe(-0.1276);
    expect(parseDegrees('1,2,3')).toBeNull();
    expect(parseDegrees('1.2,3')).toBeNull();
    expect(parseDegrees('1e2')).toBeNull();
    expect(parseDegrees('51°')).toBeNull();
    expect(parseDegrees('')).toBeNull();
  });

  it('reads Arabic-Indic digits, the Arabic decimal separator and the minus sign of the hints', () => {
    expect(parseDegrees('٥١٫٥٠٧٢')).toBe(51.5072);
    expect(parseDegrees('−٠٫١٢٧٦')).toBe(-0.1276);
    expect(parseDegrees('۲۵,۲')).toBe(25.2);
    expect(parseDegrees('−90')).toBe(-90);
    expect(parseDegrees('٥١°')).toBeNull();
  });
});

describe('parseCoordinatePair', () => {
  it('reads a pasted position, latitude first, with decimal points or decimal commas', () => {
    expect(parseCoordinatePair('51.5072, -0.1276')).toEqual(['51.5072', '-0.1276']);
    expect(parseCoordinatePair('51.5072,-0.1276')).toEqual(['51.5072', '-0.1276']);
    expect(parseCoordinatePair(' 51.5072 -0.1276 ')).toEqual(['51.5072', '-0.1276']);
    expect(parseCoordinatePair('51,5072; -0,1276')).toEqual(['51,5072', '-0,1276']);
    expect(parseCoordinatePair('51,5072, -0,1276')).toEqual(['51,5072', '-0,1276']);
    expect(parseCoordinatePair('51,5072 -0,1276')).toEqual(['51,5072', '-0,1276']);
  });

  it('takes one number with a decimal comma for one number, not a pair', () => {
    expect(parseCoordinatePair('72,88')).toBeNull();
    expect(parseCoordinatePair('51.5')).toBeNull();
    expect(parseCoordinatePair('north, west')).toBeNull();
  });
});

describe('unusualHours', () => {
  const contact = (name: string, from: string, to: string): ContactValues => ({
    clientKey: name,
    name,
    phone: '',
    work_timings: { from, to },
    work_days: [],
  });

  it('finds hours that end before they start, or when they start, and nothing else', () => {
    expect(
      unusualHours([
        contact('Day', '09:00 AM', '05:00 PM'),
        contact('Night', '10:00 PM', '06:00 AM'),
        contact('Same', '08:00 AM', '08:00 AM'),
        contact('Unreadable', 'noon', '05:00 PM'),
      ]),
    ).toEqual([
      { index: 1, name: 'Night', from: '10:00 PM', to: '06:00 AM', kind: 'overnight' },
      { index: 2, name: 'Same', from: '08:00 AM', to: '08:00 AM', kind: 'same' },
    ]);
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

  it("says the contract's checks in the chosen language, and the service's English stays the contract's", async () => {
    const tooFar = (v: BranchFormValues) => (v.coordinates.latitude = '91');
    const badPhone = (v: BranchFormValues) => (v.contacts[0]!.phone = 'call me');
    try {
      await chooseLocale('fr', 'latn', false);
      expect(issuesFor(tooFar)).toEqual([
        { path: 'coordinates.latitude', message: 'La latitude doit être comprise entre -90 et 90' },
      ]);
      expect(issuesFor(badPhone)[0]?.message).toMatch(/^Utilisez des chiffres/);
      await chooseLocale('ar', 'latn', false);
      expect(issuesFor((v) => (v.name = ' '))[0]?.message).toBe('الاسم مطلوب');
    } finally {
      await chooseLocale('en', 'latn', false);
    }
    expect(Latitude.safeParse(91).error?.issues[0]?.message).toBe(INPUT_MESSAGES.latitudeRange);
    expect(INPUT_MESSAGES.latitudeRange).toBe('Latitude must be between -90 and 90');
    expect(issuesFor(tooFar)[0]?.message).toBe(INPUT_MESSAGES.latitudeRange);
  });

  it('gives its examples and limits in the chosen digits, and an example typed as shown is read', async () => {
    const example = (message = '') => message.split('، مثلًا ')[1]!;
    try {
      await chooseLocale('ar', 'arab', false);
      const latitude = issuesFor((v) => (v.coordinates.latitude = 'north'))[0]?.message;
      expect(latitude).toBe('يجب أن يكون خط العرض بالدرجات العشرية، مثلًا ٥١٫٥٠٧٢');
      expect(parseDegrees(example(latitude))).toBe(51.5072);
      const longitude = issuesFor((v) => (v.coordinates.longitude = 'west'))[0]?.message;
      expect(parseDegrees(example(longitude))).toBe(-0.1276);
      expect(issuesFor((v) => (v.coordinates.latitude = '٩١'))[0]?.message).toBe(
        'يجب أن يكون خط العرض بين \u200e-٩٠ و٩٠',
      );
      await chooseLocale('fr', 'latn', false);
      expect(issuesFor((v) => (v.coordinates.latitude = 'nord'))[0]?.message).toBe(
        'La latitude doit être en degrés décimaux, par exemple 51,5072',
      );
    } finally {
      await chooseLocale('en', 'latn', false);
    }
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
    [
      'contacts.0.work_days',
      (v: BranchFormValues) => (v.contacts[0]!.work_days = ['monday', 'Lundi', 'funday']),
      'Remove “Lundi”, “funday” to save: work days must be English weekday names',
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

  it('checks only the fields asked for: typing a name never validates the zones', () => {
    const validateZones = vi.fn(zoneProblems);
    const counted = createFormSchema(validateZones);
    expect(issuesFor((v) => (v.name = ''))).toEqual([{ path: 'name', message: 'Name is required' }]);
    const values = { ...base, name: '' };
    expect(formIssues(counted, values, ['name'])).toEqual([{ path: 'name', message: 'Name is required' }]);
    expect(validateZones).not.toHaveBeenCalled();
    formIssues(counted, values);
    expect(validateZones).toHaveBeenCalledTimes(1);
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
    ['branch.delivery_zones.features.3.properties', { kind: 'zone', index: 3 }],
    ['branch.delivery_zones', { kind: 'zone', index: null }],
    ['branch.contacts.9.name', { kind: 'other' }], // no such contact in the form
    ['branch.colour', { kind: 'other' }],
    ['', { kind: 'other' }],
  ])('%s', (path, expected) => {
    expect(mapDetailPath(path, 'msg', 2)).toMatchObject({ ...expected, message: 'msg' });
  });
});

describe('a failed save, as the form shows it', () => {
  const refused = (status: number, details: { path: string; message: string }[], kind: 'http' = 'http') =>
    new ApiError(kind, 'The service refused the request.', { status, details });

  it('puts the details on their fields and zones, focuses the first field, and lists the rest', () => {
    const view = saveErrorView(
      refused(400, [
        { path: 'branch.contacts', message: 'Too many' },
        { path: 'branch.name', message: 'Name is required' },
        { path: 'branch.contacts.1.phone', message: 'Bad phone' },
        { path: 'branch.delivery_zones.features.2.geometry', message: 'Edges cross' },
        { path: 'branch.colour', message: 'Unknown field' },
      ]),
      { name: '' },
      2,
    );
    expect(view).toEqual({
      fields: [
        { field: 'contacts', message: 'Too many' },
        { field: 'name', message: 'Name is required' },
        { field: 'contacts.1.phone', message: 'Bad phone' },
      ],
      zones: { byIndex: { 2: 'Edges cross' } },
      focus: 'name',
      banner: {
        tone: 'danger',
        title: 'Not saved: the service refused the changes',
        message: 'The service refused the request. 4 problems are shown next to the fields.',
        lines: ['branch.colour: Unknown field'],
      },
    });
  });

  it('says a taken id next to the id when the service names no field', () => {
    const view = saveErrorView(refused(409, []), { id: 'LDN-02' }, 0)!;
    expect(view.fields).toEqual([
      { field: 'id', message: 'A branch with id LDN-02 already exists. Choose another id.' },
    ]);
    expect(view.focus).toBe('id');
    expect(view.banner).toMatchObject({ title: 'Not saved: the id is taken' });
  });

  it('offers Retry only when the network or the service failed', () => {
    const offline = new ApiError('network', 'Could not reach the service.');
    expect(saveErrorView(offline, { name: 'X' }, 0)!.banner).toEqual({
      tone: 'danger',
      title: 'Not saved',
      message: 'Could not reach the service. Your edits are kept; try again when the connection is back.',
      retry: true,
    });
    expect(saveErrorView(refused(500, []), {}, 0)!.banner!.retry).toBe(true);
    expect(saveErrorView(refused(400, []), {}, 0)!.banner!.retry).toBeUndefined();
  });

  it('says a save answered in a shape the dashboard cannot read may have landed, without Retry', () => {
    const unreadable = new ApiError('contract', 'The service sent data this dashboard cannot read.', {
      status: 200,
    });
    expect(saveErrorView(unreadable, {}, 0)!.banner).toMatchObject({
      title: 'The save may have gone through',
      message: expect.stringMatching(/Your edits are kept\. Reload the branch/),
    });
    expect(saveErrorView(unreadable, {}, 0)!.banner!.retry).toBeUndefined();
  });

  it('says who may save a branch this sign-in may not change (403), keeps the edits, and offers no Retry', () => {
    const message =
      'This sign-in may change branches LEE-01 only, not MAN-01. MAN-01 is saved by its own manager or an administrator.';
    const forbidden = new ApiError('http', message, { status: 403, code: 'forbidden', details: [] });
    const view = saveErrorView(forbidden, { name: 'Manchester' }, 0)!;
    expect(view).toEqual({
      fields: [],
      zones: undefined,
      focus: undefined,
      banner: {
        tone: 'danger',
        title: 'You may not save this branch',
        message: `${message} Your edits are kept as a draft in this browser.`,
        lines: [],
      },
    });
    // A message without a full stop gets one before the note.
    const readOnly = new ApiError(
      'http',
      'This sign-in may read branches but not change them: saving needs the branches:write permission',
      { status: 403, code: 'forbidden' },
    );
    expect(saveErrorView(readOnly, {}, 0)!.banner!.message).toBe(
      'This sign-in may read branches but not change them: saving needs the branches:write permission. Your edits are kept as a draft in this browser.',
    );
  });

  it('says a rename outside the branches this sign-in may change on the id (403)', () => {
    const forbidden = new ApiError(
      'http',
      'This sign-in may change branch LDN-01 only, so it cannot rename a branch to LDN-09. Nothing was changed.',
      {
        status: 403,
        code: 'forbidden',
        details: [{ path: 'branch.id', message: 'Outside the branches this sign-in may change (LDN-01)' }],
      },
    );
    const view = saveErrorView(forbidden, { id: 'LDN-09' }, 0)!;
    expect(view.fields).toEqual([
      { field: 'id', message: 'Outside the branches this sign-in may change (LDN-01)' },
    ]);
    expect(view.focus).toBe('id');
    expect(view.banner).toMatchObject({
      title: 'You may not rename this branch to LDN-09',
      message: expect.stringMatching(
        /Nothing was changed\. Your edits are kept as a draft in this browser\.$/,
      ),
    });
    expect(view.banner!.retry).toBeUndefined();
  });

  it('shows nothing for a refused token or a cancelled request (sign-in takes over; the draft keeps the edits)', () => {
    expect(saveErrorView(new ApiError('unauthorized', 'Sign in again.', { status: 401 }), {}, 0)).toBeNull();
    expect(saveErrorView(new ApiError('aborted', 'Cancelled.'), {}, 0)).toBeNull();
  });

  it('says a branch gone from the server, and any other failure, in words', () => {
    expect(saveErrorView(new BranchGoneError('LDN-01'), {}, 0)!.banner!.message).toMatch(
      /^Branch LDN-01 is no longer on the server.*Your edits are kept in this browser\.$/,
    );
    expect(saveErrorView(new TypeError('boom'), {}, 0)!.banner).toEqual({
      tone: 'danger',
      title: 'Not saved',
      message: 'boom',
    });
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
  const service = 'https://dispatch.example';
  const draft = {
    service,
    branchId: 'LDN-01',
    savedAt: 1_700_000_500,
    baseUpdatedAt: loaded.updated_at,
    base: values,
    values: { ...values, name: 'Draft' },
  };

  it('writes, reads back, lists and clears a draft per service and branch id', () => {
    expect(writeDraft(tab, draft)).toEqual({ ok: true });
    expect(readDraft(service, 'LDN-01', tab)).toEqual({ version: 2, ...draft });
    expect(readDraft(service, 'PAR-01', tab)).toBeNull();
    expect(listDraftIds(service)).toEqual(['LDN-01']);
    clearDraft(service, 'LDN-01', tab);
    expect(readDraft(service, 'LDN-01', tab)).toBeNull();
  });

  it('keeps the drafts of two services apart: a branch id of one is not offered on the other', () => {
    const staging = 'https://staging.dispatch.example/api';
    writeDraft(tab, draft);
    writeDraft(tab, { ...draft, service: staging, values: { ...values, name: 'Staging draft' } });
    expect(readDraft(service, 'LDN-01', tab)!.values.name).toBe('Draft');
    expect(readDraft(staging, 'LDN-01', tab)!.values.name).toBe('Staging draft');
    expect(readDraft('', 'LDN-01', tab)).toBeNull();
    expect(listDraftIds(service)).toEqual(['LDN-01']);
    expect(listDraftIds('https://dispatch.example/api')).toEqual([]);
    clearDraft(staging, 'LDN-01', tab);
    expect(readDraft(service, 'LDN-01', tab)).not.toBeNull();
  });

  it('keeps one draft per tab: a tab reads and clears its own, and sees the other tabs’ apart', () => {
    writeDraft(tab, draft);
    writeDraft('tab-b', { ...draft, savedAt: 1_700_000_400, values: { ...values, name: 'Tab B' } });
    expect(readDraft(service, 'LDN-01', tab)!.values.name).toBe('Draft');
    expect(readDraft(service, 'LDN-01', 'tab-b')!.values.name).toBe('Tab B');
    expect(listDraftIds(service)).toEqual(['LDN-01']); // one branch, however many tabs
    expect(readOtherDrafts(service, 'LDN-01', tab)).toEqual([
      {
        key: draftKey(service, 'LDN-01', 'tab-b'),
        draft: { version: 2, ...draft, savedAt: 1_700_000_400, values: { ...values, name: 'Tab B' } },
      },
    ]);
    // A save in tab B clears B's draft only.
    clearDraft(service, 'LDN-01', 'tab-b');
    expect(readDraft(service, 'LDN-01', tab)!.values.name).toBe('Draft');
    expect(readOtherDrafts(service, 'LDN-01', tab)).toEqual([]);
    expect(readOtherDrafts(service, 'LDN-01', 'tab-b').map((o) => o.draft.values.name)).toEqual(['Draft']);
  });

  it('reads a draft kept before drafts were per tab as another tab’s, oldest first, and not a longer id’s', () => {
    store.set(
      untabbedDraftKey(service, 'LDN-01'),
      JSON.stringify({ version: 2, ...draft, savedAt: 1_700_000_900 }),
    );
    writeDraft('tab-b', { ...draft, savedAt: 1_700_000_100 });
    writeDraft(tab, { ...draft, branchId: 'LDN-010' });
    const others = readOtherDrafts(service, 'LDN-01', tab);
    expect(others.map((o) => [o.key, o.draft.savedAt])).toEqual([
      [draftKey(service, 'LDN-01', 'tab-b'), 1_700_000_100],
      [untabbedDraftKey(service, 'LDN-01'), 1_700_000_900],
    ]);
    removeDraftAt(others[1]!.key);
    expect(readOtherDrafts(service, 'LDN-01', tab)).toHaveLength(1);
    expect(listDraftIds(service).sort()).toEqual(['LDN-01', 'LDN-010']);
  });

  it('removes the drafts of every service at once (sign-out), and nothing else', () => {
    writeDraft(tab, draft);
    writeDraft(tab, { ...draft, service: '', branchId: 'PAR-01' });
    store.set('dispatch.branchDraft.LDN-01', '{}'); // a draft of an older version of the app
    store.set('dispatch.token', 'kept'); // not a draft (the token lives in sessionStorage anyway)
    clearAllDrafts();
    expect([...store.keys()]).toEqual(['dispatch.token']);
  });

  it('keeps an older draft still on offer beside the newer edits in the same entry, and drops only a broken one', () => {
    const older = { ...draft, savedAt: 1_700_000_100, values: { ...values, name: 'Older' } };
    const newer = { ...draft, values: { ...values, formatted_address: 'Newer' } };
    writeDraft(tab, { ...newer, older });
    const read = readDraft(service, 'LDN-01', tab)!;
    expect(read.values.formatted_address).toBe('Newer');
    expect(read.older).toEqual({
      savedAt: older.savedAt,
      baseUpdatedAt: older.baseUpdatedAt,
      base: values,
      values: older.values,
    });
    expect(listDraftIds(service)).toEqual(['LDN-01']); // one branch, one entry
    clearAllDrafts(); // sign-out removes both
    expect(store.size).toBe(0);

    store.set(
      draftKey(service, 'LDN-01', tab),
      JSON.stringify({ version: 2, ...newer, older: { savedAt: 'x' } }),
    );
    expect(readDraft(service, 'LDN-01', tab)).toEqual({ version: 2, ...newer });
  });

  it('holds form values only: never the sign-in token', () => {
    writeDraft(tab, draft);
    const raw = store.get(draftKey(service, 'LDN-01', tab))!;
    expect(Object.keys(JSON.parse(raw)).sort()).toEqual([
      'base',
      'baseUpdatedAt',
      'branchId',
      'savedAt',
      'service',
      'values',
      'version',
    ]);
    expect(raw).not.toMatch(/token|authorization|bearer/i);
  });

  it('ignores broken or foreign entries', () => {
    store.set(draftKey(service, 'LDN-01', tab), '{not json');
    expect(readDraft(service, 'LDN-01', tab)).toBeNull();
    store.set(draftKey(service, 'LDN-01', tab), JSON.stringify({ ...draft, branchId: 'OTHER', version: 2 }));
    expect(readDraft(service, 'LDN-01', tab)).toBeNull();
    store.set(
      draftKey(service, 'LDN-01', tab),
      JSON.stringify({ ...draft, service: 'elsewhere', version: 2 }),
    );
    expect(readDraft(service, 'LDN-01', tab)).toBeNull();
  });

  it('says so when storage is full', () => {
    vi.stubGlobal('localStorage', {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    });
    expect(writeDraft(tab, draft)).toEqual({ ok: false, reason: expect.stringMatching(/storage is full/) });
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

describe('restoring an older draft under newer edits', () => {
  const base = toFormValues(loaded);
  const [first, ...others] = base.delivery_zones.features;
  const fewerZones = { ...base.delivery_zones, features: others };

  it('applies the draft’s edits, keeps the newer value of a field edited in both, zones included', () => {
    const older = {
      base,
      values: { ...base, name: 'Older name', formatted_address: 'Older address', delivery_zones: fewerZones },
    };
    const renamedZone = { ...first!, properties: { name: 'Newer zone' } };
    const newer = {
      ...base,
      name: 'Newer name',
      delivery_zones: { ...base.delivery_zones, features: [renamedZone] },
    };
    const r = restoreUnder(older, newer, base);
    expect(r.values.name).toBe('Newer name');
    expect(r.values.formatted_address).toBe('Older address');
    expect(r.values.delivery_zones).toBe(newer.delivery_zones);
    expect(r.keptNewer).toEqual(['name', 'delivery_zones']);
    expect(r.overlapping).toEqual([]);
    expect(restoredNote(r, false)).toEqual({
      tone: 'info',
      title: 'Restored under your newer edits.',
      message:
        'Name, Delivery zones keep the edits you made after the draft; the draft’s values were not applied there.',
    });
  });

  it('puts the draft onto the current version of the branch, and says where the newer edits win too', () => {
    const server = { ...base, formatted_address: 'Server address', name: 'Server name' };
    const older = {
      base,
      values: { ...base, name: 'Older name', formatted_address: 'Older address', active: !base.active },
    };
    const newer = { ...server, active: !base.active }; // the same edit as the draft's
    const r = restoreUnder(older, newer, server);
    expect(r.values).toEqual({
      ...server,
      name: 'Older name',
      formatted_address: 'Older address',
      active: !base.active,
    });
    expect(r.keptNewer).toEqual([]); // the same value both times: nothing to say
    expect(r.overlapping).toEqual(['name', 'formatted_address']);

    const newerName = { ...server, name: 'Newer name' };
    const s = restoreUnder(older, newerName, server);
    expect(s.values.name).toBe('Newer name');
    expect(s.keptNewer).toEqual(['name']);
    expect(s.overlapping).toEqual(['formatted_address']); // the draft's address replaces the server's
    expect(restoredNote(s, true)).toMatchObject({
      tone: 'warning',
      message: expect.stringMatching(
        /Your version of Address replaces .* Name keeps the edits you made after the draft; the draft’s value was not applied there\.$/,
      ),
    });
    expect(restoredNote({ overlapping: [], keptNewer: [] }, false)).toBeNull();
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
      writeDraft(tab, {
        service: '',
        branchId: 'LDN-01',
        savedAt: 1_700_000_500,
        baseUpdatedAt: loaded.updated_at,
        base: values,
        values: drafted,
      });
      const fromStorage = JSON.parse(JSON.stringify(drafted)) as BranchFormValues;
      const draft = readDraft('', 'LDN-01', tab)!;
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

import type { Polygon } from 'geojson';
/**
 * The PUT body, the review list and the rebase of the branch editor, all three driven by the
 * table of fields (src/features/branches/form/fields.ts).
 */
import { describe, expect, it } from 'vitest';
import { Branch, BranchPatch, type BranchPatch as Patch, type ZoneCollection } from '../../src/contract';
import { changedFields } from '../../src/features/branches/form/fields';
import {
  emptyContact,
  toFormValues,
  type BranchFormValues,
  type ContactValues,
} from '../../src/features/branches/form/form-model';
import { putBody } from '../../src/features/branches/review/put-body';
import { rebase } from '../../src/features/branches/review/rebase';
import { contactChanges, reviewChanges, zoneChanges } from '../../src/features/branches/review/review';
import { square } from '../support/geo';
import { branch as branchFixture } from './fixtures';

/** A branch with two contacts and two zones (the second zone drawn clockwise, as draw tools do). */
const loaded = Branch.parse({
  ...branchFixture,
  contacts: [
    branchFixture.contacts[0],
    {
      name: 'Tom Okafor',
      phone: '+44 20 7946 0999',
      work_timings: { from: '8:00am', to: '4 pm' },
      work_days: ['Saturday', 'sunday'],
    },
  ],
  delivery_zones: {
    ...branchFixture.delivery_zones,
    features: [
      ...branchFixture.delivery_zones.features,
      {
        id: 'zone-2',
        type: 'Feature',
        properties: { name: 'East' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [-0.1, 51.5],
              [-0.1, 51.52],
              [-0.08, 51.52],
              [-0.08, 51.5],
              [-0.1, 51.5],
            ],
          ],
        },
      },
    ],
  },
});

/** The loaded branch in form values, as the form holds them. */
const loadedValues = toFormValues(loaded);

function edit(mutate: (v: BranchFormValues) => void): BranchFormValues {
  const values = structuredClone(loadedValues);
  mutate(values);
  return values;
}

/** The body of `values` against the loaded branch (failing the test when it cannot be sent). */
function buildPatch(base: BranchFormValues, values: BranchFormValues): Patch {
  const body = putBody(base, values);
  if (!body.ok) throw new Error(`not sendable: ${JSON.stringify(body.details)}`);
  return body.patch;
}

describe('putBody: only the fields that changed', () => {
  it('is empty when nothing changed, even though the loaded data was tidied for the form', () => {
    // Tom's times were "8:00am"/"4 pm" and his days capitalised: the form shows them canonical.
    const values = toFormValues(loaded);
    expect(values.contacts[1]!.work_timings).toEqual({ from: '08:00 AM', to: '04:00 PM' });
    expect(values.contacts[1]!.work_days).toEqual(['saturday', 'sunday']);
    expect(buildPatch(loadedValues, values)).toEqual({});
    expect(reviewChanges(loadedValues, values)).toEqual([]);
  });

  it('sends a changed name alone, trimmed', () => {
    const patch = buildPatch(
      loadedValues,
      edit((v) => (v.name = '  London Shoreditch ')),
    );
    expect(patch).toEqual({ name: 'London Shoreditch' });
    expect(BranchPatch.parse(patch)).toEqual(patch);
  });

  it('ignores whitespace-only differences', () => {
    expect(
      buildPatch(
        loadedValues,
        edit((v) => (v.name = `${loaded.name}  `)),
      ),
    ).toEqual({});
    expect(
      buildPatch(
        loadedValues,
        edit((v) => (v.formatted_address = ` ${loaded.formatted_address}`)),
      ),
    ).toEqual({});
  });

  it('sends active and the address when they change', () => {
    expect(
      buildPatch(
        loadedValues,
        edit((v) => (v.active = false)),
      ),
    ).toEqual({ active: false });
    expect(
      buildPatch(
        loadedValues,
        edit((v) => (v.formatted_address = '2 Other St')),
      ),
    ).toEqual({ formatted_address: '2 Other St' });
  });

  it('sends both coordinates as numbers when either changes, and nothing for an equal number typed differently', () => {
    expect(
      buildPatch(
        loadedValues,
        edit((v) => (v.coordinates.latitude = '51.5200')),
      ),
    ).toEqual({
      coordinates: { latitude: 51.52, longitude: -0.12 },
    });
    expect(
      buildPatch(
        loadedValues,
        edit((v) => (v.coordinates.latitude = '51.510')),
      ),
    ).toEqual({});
  });

  it('sends the whole contacts array, canonical, when one field of one contact changes', () => {
    const patch = buildPatch(
      loadedValues,
      edit((v) => (v.contacts[0]!.phone = '+44 20 7946 0000')),
    );
    expect(Object.keys(patch)).toEqual(['contacts']);
    expect(patch.contacts).toEqual([
      { ...branchFixture.contacts[0], phone: '+44 20 7946 0000' },
      // the untouched contact is sent too, in the canonical wire form
      {
        name: 'Tom Okafor',
        phone: '+44 20 7946 0999',
        work_timings: { from: '08:00 AM', to: '04:00 PM' },
        work_days: ['saturday', 'sunday'],
      },
    ]);
    expect(BranchPatch.safeParse(patch).success).toBe(true);
  });

  it('sends contacts when only their order changes, or one is removed', () => {
    const reordered = buildPatch(
      loadedValues,
      edit((v) => v.contacts.reverse()),
    );
    expect(reordered.contacts?.map((c) => c.name)).toEqual(['Tom Okafor', 'Maya Patel']);
    const removed = buildPatch(
      loadedValues,
      edit((v) => v.contacts.splice(0, 1)),
    );
    expect(removed.contacts?.map((c) => c.name)).toEqual(['Tom Okafor']);
    const none = buildPatch(
      loadedValues,
      edit((v) => (v.contacts = [])),
    );
    expect(none).toEqual({ contacts: [] });
  });

  it('sends the whole zone collection, normalised (6 decimals, counter-clockwise, string ids), when one zone changes', () => {
    const patch = buildPatch(
      loadedValues,
      edit((v) => {
        v.delivery_zones = {
          ...v.delivery_zones,
          features: v.delivery_zones.features.map((f) =>
            f.id === 'zone-1'
              ? {
                  ...f,
                  properties: { name: 'Central' },
                  geometry: { type: 'Polygon', coordinates: [square(-0.1312345678, 51.5, 0.02)] },
                }
              : f,
          ),
        };
      }),
    );
    expect(Object.keys(patch)).toEqual(['delivery_zones']);
    const features = patch.delivery_zones!.features;
    expect(features.map((f) => f.id)).toEqual(['zone-1', 'zone-2']);
    expect(features[0]!.geometry.coordinates[0]![0]).toEqual([-0.131235, 51.5]);
    // zone-2 was clockwise as loaded: it is sent counter-clockwise (RFC 7946), same first corner.
    expect(features[1]!.geometry.coordinates[0]).toEqual([
      [-0.1, 51.5],
      [-0.08, 51.5],
      [-0.08, 51.52],
      [-0.1, 51.52],
      [-0.1, 51.5],
    ]);
    expect(BranchPatch.safeParse(patch).success).toBe(true);
  });

  it('does not send zones that are the same shapes starting from another corner or wound the other way', () => {
    const values = edit((v) => {
      const f = v.delivery_zones.features[1]!;
      const ring = (f.geometry as Polygon).coordinates[0]!;
      const reversed = [...ring].reverse();
      v.delivery_zones = {
        ...v.delivery_zones,
        features: [
          v.delivery_zones.features[0]!,
          { ...f, geometry: { type: 'Polygon', coordinates: [reversed] } },
        ],
      };
    });
    expect(buildPatch(loadedValues, values)).toEqual({});
  });

  it('treats a branch without zones (null) like an empty collection', () => {
    const noZones = toFormValues(Branch.parse({ ...branchFixture, delivery_zones: null }));
    expect(buildPatch(noZones, structuredClone(noZones))).toEqual({});
    const withZone = structuredClone(noZones);
    withZone.delivery_zones = {
      type: 'FeatureCollection',
      features: [
        {
          id: 7 as unknown as string,
          type: 'Feature',
          properties: {},
          geometry: { type: 'Polygon', coordinates: [square(1, 1, 1)] },
        },
      ],
    };
    const patch = buildPatch(noZones, withZone);
    expect(patch.delivery_zones?.features[0]!.id).toBe('7');
  });

  it('splits a MultiPolygon into one zone per part', () => {
    const values = edit((v) => {
      v.delivery_zones = {
        type: 'FeatureCollection',
        features: [
          {
            id: 'multi',
            type: 'Feature',
            properties: { name: 'Two parts' },
            geometry: { type: 'MultiPolygon', coordinates: [[square(0, 0, 1)], [square(2, 2, 1)]] },
          },
        ],
      };
    });
    const patch = buildPatch(loadedValues, values);
    expect(patch.delivery_zones!.features.map((f) => f.id)).toEqual(['multi-1', 'multi-2']);
    expect(patch.delivery_zones!.features.every((f) => f.geometry.type === 'Polygon')).toBe(true);
  });

  it('sends the new id for a rename, alongside other changes, and only the id when only the id changed', () => {
    expect(
      buildPatch(
        loadedValues,
        edit((v) => (v.id = 'LDN-02')),
      ),
    ).toEqual({ id: 'LDN-02' });
    expect(
      buildPatch(
        loadedValues,
        edit((v) => {
          v.id = 'LDN-02';
          v.name = 'London East';
        }),
      ),
    ).toEqual({ id: 'LDN-02', name: 'London East' });
  });

  it('sends a contact’s work days only as weekday names: other names held by the service stay there or block', () => {
    const withLundi = toFormValues(
      Branch.parse({
        ...branchFixture,
        contacts: [{ ...branchFixture.contacts[0], work_days: ['Lundi', 'monday'] }],
      }),
    );
    expect(withLundi.contacts[0]!.work_days).toEqual(['monday', 'Lundi']);
    // Contacts untouched are not sent: the service keeps "Lundi".
    expect(putBody(withLundi, { ...structuredClone(withLundi), name: 'Renamed' })).toEqual({
      ok: true,
      patch: { name: 'Renamed' },
    });
    // Contacts changed are sent whole: never with "Lundi" silently left out, but not at all.
    const changed = structuredClone(withLundi);
    changed.contacts[0]!.phone = '+44 20 7946 0000';
    expect(putBody(withLundi, changed)).toEqual({
      ok: false,
      details: [
        {
          path: 'branch.contacts.0.work_days.1',
          message: 'Work days must be lowercase English weekday names',
        },
      ],
    });
    // Removed by the manager, it is a change the review shows.
    changed.contacts[0]!.work_days = ['monday'];
    expect(buildPatch(withLundi, changed).contacts![0]!.work_days).toEqual(['monday']);
    expect(reviewChanges(withLundi, changed)[0]!.details).toContain('Days: Mon, Lundi → Mon');
  });

  it('gives the problems of a body the contract refuses, with the paths the service would use', () => {
    expect(
      putBody(
        loadedValues,
        edit((v) => (v.name = '   ')),
      ),
    ).toEqual({
      ok: false,
      details: [{ path: 'branch.name', message: 'Name is required' }],
    });
  });

  it('lists changed top-level fields in body order', () => {
    const values = edit((v) => {
      v.delivery_zones = { type: 'FeatureCollection', features: [] };
      v.name = 'X';
      v.id = 'Y';
      v.contacts[0]!.name = 'Z';
    });
    expect(changedFields(loadedValues, values)).toEqual(['id', 'name', 'contacts', 'delivery_zones']);
  });
});

describe('reviewChanges: field by field, for the review', () => {
  const base = loadedValues;

  it('says a rename and what it changes', () => {
    const [change] = reviewChanges(
      base,
      edit((v) => (v.id = 'LDN-02')),
    );
    expect(change).toMatchObject({ field: 'id', label: 'Id', before: 'LDN-01', after: 'LDN-02' });
    expect(change!.note).toMatch(/links.*filters.*"LDN-01"/i);
  });

  it('shows before and after of scalar fields in form order', () => {
    const changes = reviewChanges(
      base,
      edit((v) => {
        v.formatted_address = '';
        v.active = false;
        v.name = 'New name';
        v.coordinates = { latitude: '51.6', longitude: '-0.2' };
      }),
    );
    expect(changes.map((c) => [c.label, c.before, c.after])).toEqual([
      ['Name', 'London Central', 'New name'],
      ['Active', 'Active', 'Inactive'],
      ['Coordinates', '51.51, -0.12 (lat, lon)', '51.6, -0.2 (lat, lon)'],
      ['Address', '1 Example St, London', '(empty)'],
    ]);
  });

  it('names the contact and each of its fields that changed (hours and days)', () => {
    const changes = reviewChanges(
      base,
      edit((v) => {
        v.contacts[0]!.work_timings = { from: '10:00 AM', to: '06:00 PM' };
        v.contacts[0]!.work_days = ['monday', 'saturday'];
      }),
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      section: 'Contacts',
      label: 'Contact 1 (Maya Patel)',
      kind: 'changed',
    });
    expect(changes[0]!.details).toEqual([
      'Hours: 09:00 AM – 05:30 PM → 10:00 AM – 06:00 PM',
      'Days: Mon, Tue, Wed, Thu, Fri → Mon, Sat',
    ]);
  });

  it('counts the change in the review and in the sticky bar the same way', () => {
    const values = edit((v) => {
      v.name = 'Other';
      v.contacts[1]!.phone = '+44 1';
    });
    expect(reviewChanges(base, values)).toHaveLength(2);
  });
});

describe('contactChanges: each contact paired with itself by its client key', () => {
  const [maya, tom] = loadedValues.contacts as [ContactValues, ContactValues];
  const ann: ContactValues = {
    ...emptyContact(),
    name: 'Ann Lee',
    phone: '+44 1234 5678',
    work_timings: { from: '09:00 AM', to: '05:00 PM' },
  };

  it('keys the contacts read from the service by their position there, and a new one apart', () => {
    expect([maya.clientKey, tom.clientKey]).toEqual(['at-0', 'at-1']);
    expect(ann.clientKey).not.toMatch(/^at-/);
    expect(emptyContact().clientKey).not.toBe(ann.clientKey);
    // The key is the form's own: it never travels.
    const patch = buildPatch(
      loadedValues,
      edit((v) => v.contacts.push(ann)),
    );
    expect(JSON.stringify(patch)).not.toMatch(/clientKey|new-|at-0/);
  });

  it('reports added and removed contacts with a summary', () => {
    const added = contactChanges([maya], [maya, ann]);
    expect(added).toEqual([
      expect.objectContaining({
        kind: 'added',
        label: 'Contact 2 (Ann Lee)',
        after: 'Ann Lee, +44 1234 5678, 09:00 AM – 05:00 PM, no days',
      }),
    ]);
    const removed = contactChanges([maya, tom], [tom]);
    expect(removed).toEqual([expect.objectContaining({ kind: 'removed', label: 'Contact 1 (Maya Patel)' })]);
  });

  it('reports a contact put in another’s place as one removed and one added, even under the same name', () => {
    const namesake = { ...ann, name: 'Tom Okafor' };
    expect(contactChanges([maya, tom], [maya, namesake]).map((c) => [c.kind, c.label])).toEqual([
      ['added', 'Contact 2 (Tom Okafor)'],
      ['removed', 'Contact 2 (Tom Okafor)'],
    ]);
  });

  it('reports a reorder as one change, without calling the contacts changed', () => {
    const changes = contactChanges([maya, tom], [tom, maya]);
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'reordered',
        before: 'Maya Patel, Tom Okafor',
        after: 'Tom Okafor, Maya Patel',
      }),
    ]);
  });

  it('follows a contact moved up whose name and phone both changed', () => {
    const renamedTom = { ...tom, name: 'Thomas Okafor', phone: '+44 20 7946 0000' };
    const changes = contactChanges([maya, tom], [renamedTom, maya]);
    expect(changes.map((c) => [c.kind, c.label, c.details])).toEqual([
      [
        'changed',
        'Contact 1 (Thomas Okafor)',
        ['Name: Tom Okafor → Thomas Okafor', 'Phone: +44 20 7946 0999 → +44 20 7946 0000'],
      ],
      ['reordered', 'Order of contacts', undefined],
    ]);
  });
});

describe('zoneChanges: added, removed, reshaped (with the area change), renamed', () => {
  const base = loadedValues.delivery_zones;

  it('reports each kind of zone change', () => {
    const after: ZoneCollection = {
      type: 'FeatureCollection',
      features: [
        {
          ...base.features[0]!,
          properties: { name: 'Centre' },
          geometry: { type: 'Polygon', coordinates: [square(-0.13, 51.5, 0.04)] },
        },
        {
          id: 'zone-3',
          type: 'Feature',
          properties: { name: 'West' },
          geometry: { type: 'Polygon', coordinates: [square(-0.2, 51.5, 0.01)] },
        },
      ],
    };
    const changes = zoneChanges(base, after);
    const byKind = Object.fromEntries(changes.map((c) => [c.kind, c]));
    expect(byKind.added).toMatchObject({ label: 'Zone West' });
    expect(byKind.removed).toMatchObject({ label: 'Zone East' });
    expect(byKind.reshaped).toMatchObject({ label: 'Zone Centre' });
    expect(byKind.reshaped!.details![0]).toMatch(/^Area change \+\d+\.\d+ km²$/);
    expect(Number.parseFloat(byKind.reshaped!.after!)).toBeGreaterThan(
      Number.parseFloat(byKind.reshaped!.before!),
    );
    expect(byKind.renamed).toMatchObject({ label: 'Zone zone-1', before: 'Central', after: 'Centre' });
  });

  it('reports nothing for the same zones', () => {
    expect(zoneChanges(base, structuredClone(base))).toEqual([]);
  });
});

describe('rebase: re-applying edits onto a newer version', () => {
  const base = loadedValues;

  it('keeps the manager’s changed fields and takes the server’s for the others, flagging overlaps', () => {
    const mine = edit((v) => {
      v.name = 'Mine';
      v.contacts[0]!.phone = '+44 555 0000';
    });
    const theirs = edit((v) => {
      v.name = 'Theirs';
      v.formatted_address = 'Moved to 3 New St';
    });
    const r = rebase(base, mine, theirs);
    expect(r.values.name).toBe('Mine');
    expect(r.values.formatted_address).toBe('Moved to 3 New St');
    expect(r.values.contacts[0]!.phone).toBe('+44 555 0000');
    expect(r.kept).toEqual(['name', 'contacts']);
    expect(r.overlapping).toEqual(['name']);
    // Against the server's version, only the manager's edits remain to be sent.
    expect(changedFields(theirs, r.values)).toEqual(['name', 'contacts']);
  });
});

import type { BranchPatch } from '../../src/contract';
import type { Database } from '../db';
import type { Actor, Branch, Contact, Page, ZoneFeature } from './resources';
import { IN_IDS, bool, groupBy, idList, pageInfo } from './sql';

interface BranchRow {
  id: string;
  name: string;
  time_zone: string;
  formatted_address: string;
  active: number;
  latitude: number;
  longitude: number;
  created_at: number;
  updated_at: number;
  created_by_type: string;
  created_by_id: string;
  created_by_name: string;
  updated_by_type: string;
  updated_by_id: string;
  updated_by_name: string;
  revision: number;
}

interface ContactRow {
  branch_id: string;
  name: string;
  phone: string;
  work_from: string;
  work_to: string;
  work_days: string;
}

interface ZoneRow {
  branch_id: string;
  feature_id: string;
  properties: string;
  geometry: string;
}

/** What a write's precondition (If-Match, If-Unmodified-Since) is checked against: the stored version. */
export interface BranchVersion {
  etag: string;
  updatedAt: number;
}

/** A branch with the strong validator of its stored version. */
export interface VersionedBranch {
  branch: Branch;
  etag: string;
}

export type UpdateBranchResult =
  | ({ status: 'updated' } & VersionedBranch)
  | { status: 'not_found' }
  | { status: 'precondition_failed' }
  /** `id`: the branch that has the new id already, or the same id in another case. */
  | { status: 'conflict'; id: string };

/**
 * The ETag of a stored branch: its `updated_at` and its revision, a number no other write of
 * any branch has had (so it changes on every write, two in one second included, and a tag
 * never names another branch's version, even after renames swap their ids).
 */
export const branchEtag = (row: Pick<BranchRow, 'updated_at' | 'revision'>) =>
  `"${row.updated_at}.${row.revision}"`;

const BRANCH_COLUMNS = `id, name, time_zone, formatted_address, active, latitude, longitude, created_at, updated_at,
  created_by_type, created_by_id, created_by_name, updated_by_type, updated_by_id, updated_by_name, revision`;

export class BranchRepository {
  private readonly statements;

  constructor(private readonly db: Database) {
    this.statements = {
      byIds: db.prepare<[string], BranchRow>(`SELECT ${BRANCH_COLUMNS} FROM branches WHERE id ${IN_IDS}`),
      // A branch asked for by id, in any case: ids are unique regardless of case, and so are the
      // permissions that name them (src/contract/access.ts). The exact id is tried first (the index).
      byIdAnyCase: db.prepare<[{ id: string }], BranchRow>(
        `SELECT ${BRANCH_COLUMNS} FROM branches WHERE id = @id
         UNION ALL SELECT ${BRANCH_COLUMNS} FROM (SELECT ${BRANCH_COLUMNS} FROM branches WHERE id = @id COLLATE NOCASE AND id <> @id)
         LIMIT 1`,
      ),
      page: db.prepare<[number, number], BranchRow>(
        `SELECT ${BRANCH_COLUMNS} FROM branches ORDER BY id LIMIT ? OFFSET ?`,
      ),
      count: db.prepare<[], number>('SELECT count(*) FROM branches').pluck(),
      contacts: db.prepare<[string], ContactRow>(
        `SELECT branch_id, name, phone, work_from, work_to, work_days FROM branch_contacts WHERE branch_id ${IN_IDS} ORDER BY branch_id, position`,
      ),
      zones: db.prepare<[string], ZoneRow>(
        `SELECT branch_id, feature_id, properties, geometry FROM branch_zones WHERE branch_id ${IN_IDS} ORDER BY branch_id, position`,
      ),
      // Ids are unique regardless of case (ids are ASCII: BranchId), the branch's own aside.
      sameIdAnyCase: db
        .prepare<[string, string], string>('SELECT id FROM branches WHERE id = ? COLLATE NOCASE AND id <> ?')
        .pluck(),
      version: db.prepare<[{ id: string }], Pick<BranchRow, 'id' | 'updated_at' | 'revision'>>(
        'SELECT id, updated_at, revision FROM branches WHERE id = @id UNION ALL SELECT id, updated_at, revision FROM branches WHERE id = @id COLLATE NOCASE AND id <> @id LIMIT 1',
      ),
      nextRevision: db.prepare<[], number>('SELECT coalesce(max(revision), 0) + 1 FROM branches').pluck(),
      // Foreign keys ON UPDATE CASCADE carry the new id to contacts, zones, jobs, pickups and deliveries.
      rename: db.prepare<[string, string]>('UPDATE branches SET id = ? WHERE id = ?'),
      update: db.prepare(`UPDATE branches SET
          name = coalesce(@name, name),
          active = coalesce(@active, active),
          latitude = coalesce(@latitude, latitude),
          longitude = coalesce(@longitude, longitude),
          formatted_address = coalesce(@formatted_address, formatted_address),
          updated_at = @updated_at,
          revision = @revision,
          updated_by_type = @updated_by_type, updated_by_id = @updated_by_id, updated_by_name = @updated_by_name
        WHERE id = @id`),
      deleteContacts: db.prepare<[string]>('DELETE FROM branch_contacts WHERE branch_id = ?'),
      insertContact:
        db.prepare(`INSERT INTO branch_contacts (branch_id, position, name, phone, work_from, work_to, work_days)
        VALUES (?, ?, ?, ?, ?, ?, ?)`),
      deleteZones: db.prepare<[string]>('DELETE FROM branch_zones WHERE branch_id = ?'),
      insertZone: db.prepare(
        'INSERT INTO branch_zones (branch_id, position, feature_id, properties, geometry) VALUES (?, ?, ?, ?, ?)',
      ),
    };
  }

  get(id: string): Branch | undefined {
    return this.getMany([id]).get(id);
  }

  /**
   * A branch by its id in any case, and its ETag; `knownZones`: its zones when they are known
   * already (then not read).
   */
  read(id: string, knownZones?: ZoneFeature[]): VersionedBranch | undefined {
    const row = this.statements.byIdAnyCase.get({ id });
    if (!row) return undefined;
    const zones = knownZones && new Map([[row.id, knownZones]]);
    return { branch: this.assemble([row], idList([row.id]), zones).get(row.id)!, etag: branchEtag(row) };
  }

  /** Full branches (contacts and zones included) by id, in three queries whatever the count. */
  getMany(ids: readonly string[]): Map<string, Branch> {
    if (ids.length === 0) return new Map();
    const list = idList([...new Set(ids)]);
    return this.assemble(this.statements.byIds.all(list), list);
  }

  /** A page of branches, each with its ETag (`etag`, an extension: one header cannot hold them). */
  list(page: number, pageSize: number): Page & { branches: (Branch & { etag: string })[] } {
    const { offset, ...info } = pageInfo(this.statements.count.get()!, page, pageSize);
    const rows = this.statements.page.all(pageSize, offset);
    const branches = this.assemble(rows, idList(rows.map((row) => row.id)));
    return { branches: rows.map((row) => ({ ...branches.get(row.id)!, etag: branchEtag(row) })), ...info };
  }

  /**
   * Applies a validated patch in one transaction: all of it or (not found, precondition
   * failed, id taken) nothing. `precondition` is checked against the stored version inside the
   * transaction, so no other write can land between the check and this one. Contacts and
   * zones, when given, replace the stored ones wholesale. `requestedId` finds the branch in any case.
   */
  update(
    requestedId: string,
    patch: BranchPatch,
    actor: Actor,
    nowSeconds: number,
    precondition?: (stored: BranchVersion) => boolean,
  ): UpdateBranchResult {
    const { statements } = this;
    const apply = this.db.transaction((): UpdateBranchResult => {
      const stored = statements.version.get({ id: requestedId });
      if (stored === undefined) return { status: 'not_found' };
      const currentId = stored.id;
      if (precondition && !precondition({ etag: branchEtag(stored), updatedAt: stored.updated_at })) {
        return { status: 'precondition_failed' };
      }
      const { id: newId = currentId, contacts, delivery_zones: zones, ...fields } = patch;
      if (newId !== currentId) {
        const taken = statements.sameIdAnyCase.get(newId, currentId);
        if (taken !== undefined) return { status: 'conflict', id: taken };
        statements.rename.run(newId, currentId);
      }
      if (newId === currentId && Object.keys(patch).every((key) => key === 'id')) {
        return { status: 'updated', ...this.read(currentId)! }; // nothing to change
      }

      statements.update.run({
        id: newId,
        name: fields.name ?? null,
        active: fields.active === undefined ? null : Number(fields.active),
        latitude: fields.coordinates?.latitude ?? null,
        longitude: fields.coordinates?.longitude ?? null,
        formatted_address: fields.formatted_address ?? null,
        // Never earlier than, nor equal to, the previous stamp: clients can rely on it to see a change.
        updated_at: Math.max(nowSeconds, stored.updated_at + 1),
        revision: statements.nextRevision.get()!,
        updated_by_type: actor.user_type,
        updated_by_id: actor.user_id,
        updated_by_name: actor.user_name,
      });
      if (contacts) {
        statements.deleteContacts.run(newId);
        contacts.forEach((c, position) => {
          statements.insertContact.run(
            newId,
            position,
            c.name,
            c.phone,
            c.work_timings.from,
            c.work_timings.to,
            JSON.stringify(c.work_days),
          );
        });
      }
      if (zones) {
        statements.deleteZones.run(newId);
        zones.features.forEach((f, position) => {
          statements.insertZone.run(
            newId,
            position,
            f.id,
            JSON.stringify(f.properties),
            JSON.stringify(f.geometry),
          );
        });
      }
      // The zones just written answer as they were given, not read back and parsed from the
      // text just stored (~5 ms for a zone of 10,000 corners); the wire form is the same.
      const written = zones?.features.map((f): ZoneFeature => ({
        type: 'Feature',
        id: f.id,
        properties: f.properties,
        geometry: f.geometry,
      }));
      return { status: 'updated', ...this.read(newId, written)! };
    });
    return apply.immediate();
  }

  /** `knownZones`: the branches' zones when they are known already (then not read). */
  private assemble(
    rows: readonly BranchRow[],
    idsJson: string,
    knownZones?: ReadonlyMap<string, ZoneFeature[]>,
  ): Map<string, Branch> {
    const contacts = groupBy(this.statements.contacts.all(idsJson), (c) => c.branch_id);
    const zones = knownZones ?? this.storedZones(idsJson);
    return new Map(
      rows.map((row) => [row.id, toBranch(row, contacts.get(row.id) ?? [], zones.get(row.id) ?? [])]),
    );
  }

  private storedZones(idsJson: string): Map<string, ZoneFeature[]> {
    const rows = groupBy(this.statements.zones.all(idsJson), (z) => z.branch_id);
    return new Map([...rows].map(([id, list]) => [id, list.map(toZone)]));
  }
}

function toBranch(row: BranchRow, contacts: readonly ContactRow[], zones: ZoneFeature[]): Branch {
  return {
    id: row.id,
    name: row.name,
    time_zone: row.time_zone,
    contacts: contacts.map(toContact),
    formatted_address: row.formatted_address,
    active: bool(row.active),
    delivery_zones: { type: 'FeatureCollection', features: zones },
    coordinates: { latitude: row.latitude, longitude: row.longitude },
    created_at: row.created_at,
    updated_at: row.updated_at,
    created_by: {
      user_type: row.created_by_type,
      user_id: row.created_by_id,
      user_name: row.created_by_name,
    },
    updated_by: {
      user_type: row.updated_by_type,
      user_id: row.updated_by_id,
      user_name: row.updated_by_name,
    },
  };
}

function toContact(row: ContactRow): Contact {
  return {
    name: row.name,
    phone: row.phone,
    work_timings: { from: row.work_from, to: row.work_to },
    work_days: JSON.parse(row.work_days) as string[],
  };
}

function toZone(row: ZoneRow): ZoneFeature {
  return {
    type: 'Feature',
    id: row.feature_id,
    properties: JSON.parse(row.properties) as Record<string, unknown>,
    geometry: JSON.parse(row.geometry) as ZoneFeature['geometry'],
  };
}

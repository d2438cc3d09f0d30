import type { JobsQuery } from '../../src/contract';
import type { Database } from '../db';
import { nextJobStatuses, nextStopStatuses, stopProgress, type StopKind } from '../statuses';
import type { BranchRepository } from './branches';
import type {
  Branch,
  BranchSummary,
  Delivery,
  Job,
  Package,
  Page,
  Pickup,
  Rider,
  StatusHistoryEntry,
} from './resources';
import {
  IN_IDS,
  actorOf,
  bool,
  dataVersionReader,
  groupBy,
  idList,
  pageInfo,
  type ActorColumns,
} from './sql';

export type JobFilters = Omit<JobsQuery, 'page'>;

/**
 * How stops embed their branch. `full` is the v1 interface (the whole Branch, zones
 * included); `summary`, an extension of this server asked for with `branch_embed=summary`,
 * leaves out the branch's two lists, `delivery_zones` and `contacts`: a list of jobs shows
 * neither, and every stop repeating them is 5.5 of the 11.6 MB of a 1,000-job page.
 */
export type BranchEmbed = 'full' | 'summary';
type FilterName = keyof JobFilters;

/** Fixed order: the statement cache key depends on which filters are present, not their order. */
const FILTER_SQL: Readonly<Record<FilterName, string>> = {
  branch_id: 'branch_id = @branch_id',
  team_id: 'team_id = @team_id',
  status: 'status = @status',
  timestamp_from: 'created_at >= @timestamp_from',
  timestamp_to: 'created_at <= @timestamp_to',
};
const FILTER_NAMES = Object.keys(FILTER_SQL) as FilterName[];

const MAX_CACHED_COUNTS = 500;

interface FilterStatements {
  count: (params: Params) => number;
  pageIds: (params: Params) => number[];
}

interface RiderColumns {
  r_reference_id: string;
  r_name: string;
  r_username: string;
  r_dial_code: string;
  r_mobile: string;
  r_email: string;
  r_type: string;
  r_status: number;
  r_profile_pic: string;
  r_email_verified: number;
  r_phone_verified: number;
  r_metadata: string;
  r_last_latitude: number | null;
  r_last_longitude: number | null;
  r_created_at: number;
  r_updated_at: number;
}

interface JobRow extends RiderColumns {
  id: number;
  order_id: string;
  type: string;
  status: number;
  notes: string;
  team_id: string;
  created_at: number;
  updated_at: number;
  rider_id: number | null;
}

interface HistoryRow extends ActorColumns {
  owner_id: number;
  status: number;
  remarks: string;
  created_at: number;
}

interface StopRow {
  id: number;
  job_id: number;
  branch_id: string;
  status: number;
  slot_from: number | null;
  slot_to: number | null;
  address: string | null;
  customer: string | null;
  created_at: number;
  updated_at: number;
}

interface DeliveryRow extends StopRow {
  first_order: number;
  enable_otp: number;
  otp: string;
  note: string;
  unattended_delivery: number;
  leave_at_door: number;
  dont_ring_bell: number;
  age_restricted_delivery: number;
  signature_required: number;
  signature_image: string;
  proof_of_delivery_images: string;
  payment_type: number;
  amount_minor: number;
  tracking_id: string;
}

interface PackageRow {
  owner_id: number;
  package_id: string;
  barcode: string;
}

/**
 * Bytes of job documents kept (`JobDocuments`): about 4.7 KB a job of the seed, so some
 * 110,000 jobs, seven days at 10,000 a day with room to spare.
 */
export const JOB_DOCUMENT_BYTES = 512 * 1024 * 1024;

const RIDER_COLUMNS = `r.reference_id AS r_reference_id, r.name AS r_name, r.username AS r_username,
  r.dial_code AS r_dial_code, r.mobile AS r_mobile, r.email AS r_email, r.type AS r_type, r.status AS r_status,
  r.profile_pic AS r_profile_pic, r.email_verified AS r_email_verified, r.phone_verified AS r_phone_verified,
  r.metadata AS r_metadata, r.last_latitude AS r_last_latitude, r.last_longitude AS r_last_longitude,
  r.created_at AS r_created_at, r.updated_at AS r_updated_at`;

const HISTORY_COLUMNS = 'status, remarks, actor_type, actor_id, actor_name, created_at';

export class JobRepository {
  private readonly dataVersion: () => string;
  private readonly filterStatements = new Map<string, FilterStatements>();
  private readonly counts = new Map<string, { version: string; total: number }>();
  private readonly documents: JobDocuments;
  /** Each branch's JSON, by embed and id, while the data version is unchanged. */
  private readonly branchJson = new Map<string, Buffer>();
  private branchJsonVersion = '';
  private readonly statements;

  constructor(
    private readonly db: Database,
    private readonly branches: BranchRepository,
    /** Bytes of job documents kept (0: none, every job is read whole for every page). */
    documentBytes = JOB_DOCUMENT_BYTES,
  ) {
    this.dataVersion = dataVersionReader(db);
    this.documents = new JobDocuments(documentBytes);
    this.statements = {
      pageRows: db.prepare<[string], PageRow>(
        `SELECT j.id, j.change_seq, j.rider_id, ${RIDER_COLUMNS}
        FROM jobs j LEFT JOIN riders r ON r.id = j.rider_id WHERE j.id ${IN_IDS}`,
      ),
      jobs: db.prepare<
        [string],
        JobRow
      >(`SELECT j.id, j.order_id, j.type, j.status, j.notes, j.team_id, j.created_at, j.updated_at,
          j.rider_id, ${RIDER_COLUMNS}
        FROM jobs j LEFT JOIN riders r ON r.id = j.rider_id
        WHERE j.id ${IN_IDS}`),
      jobHistory: db.prepare<[string], HistoryRow>(
        `SELECT job_id AS owner_id, ${HISTORY_COLUMNS} FROM job_status_history WHERE job_id ${IN_IDS} ORDER BY job_id, id`,
      ),
      pickups: db.prepare<
        [string],
        StopRow
      >(`SELECT id, job_id, branch_id, status, slot_from, slot_to, address, customer,
          created_at, updated_at FROM pickups WHERE job_id ${IN_IDS} ORDER BY job_id, position`),
      deliveries: db.prepare<
        [string],
        DeliveryRow
      >(`SELECT id, job_id, branch_id, status, slot_from, slot_to, address, customer,
          created_at, updated_at, first_order, enable_otp, otp, note, unattended_delivery, leave_at_door, dont_ring_bell,
          age_restricted_delivery, signature_required, signature_image, proof_of_delivery_images, payment_type, amount_minor,
          tracking_id FROM deliveries WHERE job_id ${IN_IDS} ORDER BY job_id, position`),
      pickupPackages: db.prepare<[string], PackageRow>(
        `SELECT pickup_id AS owner_id, package_id, barcode FROM packages WHERE pickup_id ${IN_IDS} ORDER BY id`,
      ),
      deliveryPackages: db.prepare<[string], PackageRow>(
        `SELECT delivery_id AS owner_id, package_id, barcode FROM packages WHERE delivery_id ${IN_IDS} ORDER BY id`,
      ),
      pickupHistory: db.prepare<[string], HistoryRow>(
        `SELECT pickup_id AS owner_id, ${HISTORY_COLUMNS} FROM stop_status_history WHERE pickup_id ${IN_IDS} ORDER BY id`,
      ),
      deliveryHistory: db.prepare<[string], HistoryRow>(
        `SELECT delivery_id AS owner_id, ${HISTORY_COLUMNS} FROM stop_status_history WHERE delivery_id ${IN_IDS} ORDER BY id`,
      ),
    };
  }

  /**
   * One page of fully embedded jobs, newest first (created_at DESC, id DESC). The page's ids
   * come from a scan of a covering index (the OFFSET skips index entries only, about 7 ns
   * each: 0.6 ms for page 4000 of 100k jobs), then full rows are fetched by id.
   */
  list(
    filters: JobFilters,
    page: number,
    pageSize: number,
    embed: BranchEmbed = 'full',
  ): Page & { jobs: Job[] } {
    const present = FILTER_NAMES.filter((name) => filters[name] !== undefined);
    const params: Params = Object.fromEntries(present.map((name) => [name, filters[name]]));
    const statements = this.statementsFor(present);
    const total = this.countOf(JSON.stringify(params), statements, params);
    const { offset, ...info } = pageInfo(total, page, pageSize);
    const ids = offset < total ? statements.pageIds({ ...params, limit: pageSize, offset }) : [];
    return { jobs: this.hydrate(ids, embed), ...info };
  }

  /**
   * The data's version: it changes with every write to the database (this connection's, or a
   * commit of another). What is derived from the data is kept while it holds.
   */
  version(): string {
    return this.dataVersion();
  }

  /**
   * `list` serialised to JSON as UTF-8: the same bytes as `pageJson(list(...))`, put together
   * from each job's document (`JobDocuments`: its JSON without its rider and its stops'
   * branches, kept while the job's `change_seq` is unchanged), its rider as it is now and each
   * branch's JSON (kept while the data version is unchanged). Only jobs whose document is
   * missing or older are read whole. Read in one snapshot.
   */
  listJson(filters: JobFilters, page: number, pageSize: number, embed: BranchEmbed = 'full'): Buffer {
    return this.db.transaction(() => {
      const present = FILTER_NAMES.filter((name) => filters[name] !== undefined);
      const params: Params = Object.fromEntries(present.map((name) => [name, filters[name]]));
      const statements = this.statementsFor(present);
      const total = this.countOf(JSON.stringify(params), statements, params);
      const { offset, ...info } = pageInfo(total, page, pageSize);
      const ids = offset < total ? statements.pageIds({ ...params, limit: pageSize, offset }) : [];
      const rows = new Map(this.statements.pageRows.all(idList(ids)).map((row) => [row.id, row]));
      const documents = this.documentsOf(ids, rows);
      const branches = this.branchJsonOf(documents, embed);
      const parts: Buffer[] = [Buffer.from('{"jobs":[')];
      let first = true;
      for (const id of ids) {
        const row = rows.get(id);
        const document = documents.get(id);
        if (!row || !document) continue;
        if (!first) parts.push(COMMA);
        first = false;
        let from = 0;
        document.holes.forEach((hole, i) => {
          const cut = document.cuts[i]!;
          parts.push(document.bytes.subarray(from, cut));
          parts.push(hole === RIDER ? Buffer.from(JSON.stringify(toRider(row))) : branches.get(hole)!);
          from = cut;
        });
        parts.push(document.bytes.subarray(from));
      }
      const { jobs: _jobs, ...tail } = { jobs: null, ...info };
      parts.push(Buffer.from(`],${JSON.stringify(tail).slice(1)}`));
      return Buffer.concat(parts);
    })();
  }

  /** The documents of `ids`: those kept when current, the others read and kept. */
  private documentsOf(ids: readonly number[], rows: Map<number, PageRow>): Map<number, JobDocument> {
    const found = new Map<number, JobDocument>();
    const missing: number[] = [];
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) continue;
      const kept = this.documents.get(id, row.change_seq);
      if (kept) found.set(id, kept);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const nonce = Math.random().toString(36).slice(2);
    const branchIds: string[] = [];
    const mark = (id: string) => {
      let index = branchIds.indexOf(id);
      if (index < 0) index = branchIds.push(id) - 1;
      return `\u0000${nonce}b${index}`;
    };
    const marks = new RegExp(`"\\\\u0000${nonce}(r|b\\d+)"`, 'g');
    for (const job of this.assemble(missing, mark, `\u0000${nonce}r`)) {
      const text = JSON.stringify(job);
      const cuts: number[] = [];
      const holes: JobDocument['holes'] = [];
      let body = '';
      let from = 0;
      for (const match of text.matchAll(marks)) {
        body += text.slice(from, match.index);
        cuts.push(Buffer.byteLength(body));
        const hole = match[1]!;
        holes.push(hole === 'r' ? RIDER : branchIds[Number(hole.slice(1))]!);
        from = match.index + match[0].length;
      }
      body += text.slice(from);
      // Its own allocation: a slice of Node's shared pool would keep the whole pool alive.
      const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(body));
      bytes.write(body);
      const document: JobDocument = { bytes, cuts, holes };
      this.documents.set(job.id, rows.get(job.id)!.change_seq, document);
      found.set(job.id, document);
    }
    return found;
  }

  /** The JSON of every branch the documents embed, as `embed` asks. */
  private branchJsonOf(documents: Map<number, JobDocument>, embed: BranchEmbed): Map<string, Buffer> {
    const version = this.dataVersion();
    if (version !== this.branchJsonVersion) {
      this.branchJson.clear();
      this.branchJsonVersion = version;
    }
    const wanted = new Set<string>();
    for (const document of documents.values())
      for (const hole of document.holes) if (hole !== RIDER) wanted.add(hole);
    const missing = [...wanted].filter((id) => !this.branchJson.has(`${embed}|${id}`));
    for (const [id, branch] of this.branches.getMany(missing)) {
      this.branchJson.set(
        `${embed}|${id}`,
        Buffer.from(JSON.stringify(embed === 'full' ? branch : summaryOf(branch))),
      );
    }
    const found = new Map<string, Buffer>();
    for (const id of wanted) {
      const json = this.branchJson.get(`${embed}|${id}`);
      if (!json) throw new Error(`A stop references missing branch ${id}`);
      found.set(id, json);
    }
    return found;
  }

  /** One fully embedded job by id (the job actions' read, server/routes/job-actions.ts). */
  get(id: number): Job | undefined {
    return this.hydrate([id], 'full')[0];
  }

  /** The number of jobs matching a filter, cached while the data version is unchanged. */
  private countOf(key: string, statements: FilterStatements, params: Params): number {
    const version = this.dataVersion();
    const cached = this.counts.get(key);
    if (cached?.version === version) return cached.total;
    if (this.counts.size >= MAX_CACHED_COUNTS) this.counts.clear();
    const total = statements.count(params);
    this.counts.set(key, { version, total });
    return total;
  }

  private statementsFor(present: readonly FilterName[]): FilterStatements {
    const shape = present.join(',');
    const cached = this.filterStatements.get(shape);
    if (cached) return cached;
    const where = present.length > 0 ? present.map((name) => FILTER_SQL[name]).join(' AND ') : '1';
    const count = this.db.prepare(`SELECT count(*) FROM jobs WHERE ${where}`).pluck();
    const pageIds = this.db
      .prepare(
        `SELECT id FROM jobs WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
      )
      .pluck();
    const statements: FilterStatements = {
      count: (params) => count.get(params) as number,
      pageIds: (params) => pageIds.all(params) as number[],
    };
    this.filterStatements.set(shape, statements);
    return statements;
  }

  /** Full jobs for `ids`, in that order, with a fixed number of batched queries. */
  hydrate(ids: readonly number[], embed: BranchEmbed): Job[] {
    return this.assemble(ids, embed);
  }

  /**
   * Jobs for `ids`, in that order. `branches`: how stops embed their branch; a function gives
   * each stop the value it returns for the branch's id (with `rider`, the value every rider is
   * given), which `documentsOf` uses to mark where they go.
   */
  private assemble(
    ids: readonly number[],
    branches: BranchEmbed | ((id: string) => string),
    rider?: string,
  ): Job[] {
    if (ids.length === 0) return [];
    const { statements } = this;
    const jobIds = idList(ids);
    const jobs = new Map(statements.jobs.all(jobIds).map((row) => [row.id, row]));
    const jobHistory = groupBy(statements.jobHistory.all(jobIds), (h) => h.owner_id);
    const pickups = statements.pickups.all(jobIds);
    const deliveries = statements.deliveries.all(jobIds);

    const pickupIds = idList(pickups.map((p) => p.id));
    const deliveryIds = idList(deliveries.map((d) => d.id));
    const stopBranches = [...pickups, ...deliveries].map((stop) => stop.branch_id);
    let embedded: Map<string, Branch | BranchSummary | string>;
    if (typeof branches === 'function') embedded = new Map(stopBranches.map((id) => [id, branches(id)]));
    else {
      const whole = this.branches.getMany(stopBranches);
      embedded =
        branches === 'full' ? whole : new Map([...whole].map(([id, branch]) => [id, summaryOf(branch)]));
    }
    const stopParts = (kind: StopKind, packages: PackageRow[], history: HistoryRow[]): StopParts => ({
      kind,
      branches: embedded,
      packages: groupBy(packages, (p) => p.owner_id),
      history: groupBy(history, (h) => h.owner_id),
    });
    const pickupParts = stopParts(
      'pickup',
      statements.pickupPackages.all(pickupIds),
      statements.pickupHistory.all(pickupIds),
    );
    const deliveryParts = stopParts(
      'delivery',
      statements.deliveryPackages.all(deliveryIds),
      statements.deliveryHistory.all(deliveryIds),
    );
    const pickupsByJob = groupBy(pickups, (p) => p.job_id);
    const deliveriesByJob = groupBy(deliveries, (d) => d.job_id);

    return ids.flatMap((id) => {
      const row = jobs.get(id);
      if (!row) return [];
      return [
        {
          id: row.id,
          order_id: row.order_id,
          type: row.type,
          status: row.status,
          notes: row.notes,
          created_at: row.created_at,
          updated_at: row.updated_at,
          rider: rider === undefined ? toRider(row) : (rider as unknown as Rider),
          pickups: (pickupsByJob.get(id) ?? []).map((p) => toPickup(p, pickupParts)),
          deliveries: (deliveriesByJob.get(id) ?? []).map((d) => toDelivery(d, deliveryParts)),
          status_history: (jobHistory.get(id) ?? []).map(toHistoryEntry),
          next_status: nextJobStatuses(row.status),
          team_id: row.team_id,
        },
      ];
    });
  }
}

type Params = Record<string, unknown>;

interface PageRow extends RiderColumns {
  id: number;
  change_seq: number;
  rider_id: number | null;
}

const COMMA = Buffer.from(',');
/** The hole of a job document where its rider goes. */
const RIDER = Symbol('rider');

/**
 * A job's JSON without its rider and its stops' branches: at byte `cuts[i]` of `bytes` goes
 * what `holes[i]` names (the rider, or a branch by id).
 */
interface JobDocument {
  bytes: Buffer;
  cuts: number[];
  holes: (string | typeof RIDER)[];
}

/**
 * Job documents by job id, each valid for one `change_seq`: migration 4's triggers give a job a
 * new number with every write of it or of its pickups and deliveries (a status history entry or
 * a package is written with its job or stop), so a document kept for the job's current number
 * is the job as it is now. Its rider and branches are put in per page, as they are then. At
 * most `maxBytes`, the least recently used dropped first.
 */
class JobDocuments {
  private readonly documents = new Map<number, { seq: number; document: JobDocument; bytes: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(id: number, seq: number): JobDocument | undefined {
    const kept = this.documents.get(id);
    if (kept?.seq !== seq) return undefined;
    this.documents.delete(id);
    this.documents.set(id, kept);
    return kept.document;
  }

  set(id: number, seq: number, document: JobDocument): void {
    const bytes = document.bytes.length + 16 * document.cuts.length + 200; // with the entry's own objects, roughly
    const old = this.documents.get(id);
    if (old) {
      this.documents.delete(id);
      this.bytes -= old.bytes;
    }
    if (bytes > this.maxBytes) return;
    this.documents.set(id, { seq, document, bytes });
    this.bytes += bytes;
    for (const [oldId, oldest] of this.documents) {
      if (this.bytes <= this.maxBytes) break;
      this.documents.delete(oldId);
      this.bytes -= oldest.bytes;
    }
  }
}

interface StopParts {
  kind: StopKind;
  /** A string: the mark of the branch's place in a job document (`JobRepository.documentsOf`). */
  branches: Map<string, Branch | BranchSummary | string>;
  packages: Map<number, PackageRow[]>;
  history: Map<number, HistoryRow[]>;
}

function summaryOf(branch: Branch): BranchSummary {
  const { delivery_zones: _zones, contacts: _contacts, ...summary } = branch;
  return summary;
}

const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

function toHistoryEntry(row: HistoryRow): StatusHistoryEntry {
  return { status: row.status, remarks: row.remarks, created_by: actorOf(row), created_at: row.created_at };
}

function toPackage(row: PackageRow): Package {
  return { package_id: row.package_id, barcode: row.barcode };
}

function toRider(row: RiderColumns & { rider_id: number | null }): Rider | null {
  if (row.rider_id === null) return null;
  return {
    id: row.rider_id,
    reference_id: row.r_reference_id,
    name: row.r_name,
    username: row.r_username,
    dial_code: row.r_dial_code,
    mobile: row.r_mobile,
    email: row.r_email,
    type: row.r_type,
    status: row.r_status,
    profile_pic: row.r_profile_pic,
    email_verified: bool(row.r_email_verified),
    phone_verified: bool(row.r_phone_verified),
    metadata: JSON.parse(row.r_metadata) as Record<string, unknown>,
    last_coordinates: { longitude: row.r_last_longitude, latitude: row.r_last_latitude },
    created_at: row.r_created_at,
    updated_at: row.r_updated_at,
  };
}

/**
 * A page as JSON with each distinct branch serialised once (`jsonWithBranches`). The bytes are
 * those of `JSON.stringify(page)`.
 */
export function pageJson(page: Page & { jobs: Job[] }): string {
  return jsonWithBranches((embed) => ({ ...page, jobs: page.jobs.map(embed) }));
}

/**
 * JSON of a value holding jobs, with each distinct branch serialised once: every stop embeds
 * its branch (the spec's shape), and the stops of a response share a few branches, whose zones
 * can be large. `build` puts each job through `embed`, which copies its stops with a
 * placeholder for their branch; the placeholders are then replaced by the branch's JSON. The
 * bytes are those of `JSON.stringify` of the value with the jobs as they are.
 */
export function jsonWithBranches(build: (embed: (job: Job) => object) => object): string {
  const marks = new Map<object, string>();
  const nonce = Math.random().toString(36).slice(2);
  const mark = (branch: object) => {
    let placeholder = marks.get(branch);
    if (placeholder === undefined) marks.set(branch, (placeholder = `\u0000${nonce}:${marks.size}`));
    return placeholder;
  };
  const embed = (job: Job) => ({
    ...job,
    pickups: job.pickups.map((stop) => ({ ...stop, branch: mark(stop.branch) })),
    deliveries: job.deliveries.map((stop) => ({ ...stop, branch: mark(stop.branch) })),
  });
  const text = JSON.stringify(build(embed));
  const branches = new Map([...marks].map(([branch, placeholder]) => [placeholder, JSON.stringify(branch)]));
  return text.replace(
    /"\\u0000[a-z0-9]+:\d+"/g,
    (quoted) => branches.get(JSON.parse(quoted) as string) ?? quoted,
  );
}

/** Fields pickups and deliveries share, in the spec's order. */
function stopFields(row: StopRow, parts: StopParts) {
  const branch = parts.branches.get(row.branch_id);
  if (!branch) throw new Error(`Stop ${row.id} references missing branch ${row.branch_id}`);
  return {
    created_at: row.created_at,
    updated_at: row.updated_at,
    address: parseJson<Record<string, unknown>>(row.address),
    customer: parseJson<Record<string, unknown>>(row.customer),
    branch: branch as Branch | BranchSummary,
    next_status: nextStopStatuses(parts.kind, row.status),
    ...stopProgress(parts.kind, row.status),
    packages: (parts.packages.get(row.id) ?? []).map(toPackage),
    status_history: (parts.history.get(row.id) ?? []).map(toHistoryEntry),
  };
}

function toPickup(row: StopRow, parts: StopParts): Pickup {
  return {
    id: row.id,
    status: row.status,
    pickup_slot_from: row.slot_from,
    pickup_slot_to: row.slot_to,
    ...stopFields(row, parts),
  };
}

function toDelivery(row: DeliveryRow, parts: StopParts): Delivery {
  return {
    id: row.id,
    status: row.status,
    first_order: bool(row.first_order),
    enable_otp: bool(row.enable_otp),
    otp: row.otp,
    note: row.note,
    unattended_delivery: bool(row.unattended_delivery),
    leave_at_door: bool(row.leave_at_door),
    dont_ring_bell: bool(row.dont_ring_bell),
    age_restricted_delivery: bool(row.age_restricted_delivery),
    signature_required: bool(row.signature_required),
    signature_image: row.signature_image,
    proof_of_delivery_images: JSON.parse(row.proof_of_delivery_images) as string[],
    payment_type: row.payment_type,
    amount: row.amount_minor / 100,
    tracking_id: row.tracking_id,
    delivery_slot_from: row.slot_from,
    delivery_slot_to: row.slot_to,
    ...stopFields(row, parts),
  };
}

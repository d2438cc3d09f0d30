/**
 * The changes of jobs, read by cursor (GET /v1/jobs/changes and /v1/jobs/stream, an
 * extension). Triggers of migration 4 number every write of a job or of its stops from
 * `change_clock.seq` into the job's `change_seq`; a read returns the jobs whose number is past
 * the cursor, oldest change first, each as it is now. A cursor is `<epoch>.<seq>`: opaque to
 * clients, and refused (410) when it belongs to another database, is older than a deletion
 * (`floor`) or lies ahead of the clock.
 */
import type { Database } from '../db';
import { ApiError } from '../errors';
import { jsonWithBranches, type BranchEmbed, type JobRepository } from './jobs';
import type { Job } from './resources';

interface Clock {
  epoch: string;
  seq: number;
  floor: number;
}

export interface ChangesPage {
  items: { cursor: string; job: Job }[];
  /** Where the next read starts: the last change's cursor while more follow, then the clock's. */
  nextCursor: string;
  nextPosition: number;
  hasMore: boolean;
}

/** The answer of GET /v1/jobs/changes: `{changes: [{cursor, job}], next_cursor, has_more}`. */
export function changesJson(page: ChangesPage): string {
  return jsonWithBranches((embed) => ({
    changes: page.items.map(({ cursor, job }) => ({ cursor, job: embed(job) })),
    next_cursor: page.nextCursor,
    has_more: page.hasMore,
  }));
}

const CURSOR = /^([0-9a-f]{1,32})\.(\d{1,15})$/;

export class JobChanges {
  private readonly statements;

  constructor(
    private readonly db: Database,
    private readonly jobs: JobRepository,
  ) {
    this.statements = {
      clock: db.prepare<[], Clock>('SELECT epoch, seq, floor FROM change_clock WHERE id = 1'),
      changed: db
        .prepare<[number, number, number], [number, number]>(
          'SELECT id, change_seq FROM jobs WHERE change_seq > ? AND change_seq <= ? ORDER BY change_seq LIMIT ?',
        )
        .raw(),
    };
  }

  private clock(): Clock {
    return this.statements.clock.get()!;
  }

  /** The cursor of the data as it is now: a list read with it misses no later change. */
  current(): string {
    const { epoch, seq } = this.clock();
    return `${epoch}.${seq}`;
  }

  /**
   * The position `cursor` stands for; 400 when it is not a cursor at all, 410 when it can no
   * longer be followed (the client lists again and takes the list's cursor).
   */
  positionOf(cursor: string): number {
    const match = CURSOR.exec(cursor);
    if (!match) throw new ApiError(400, 'The cursor is not one this service gave');
    const clock = this.clock();
    const seq = Number(match[2]);
    if (match[1] !== clock.epoch || seq > clock.seq) {
      throw new ApiError(410, 'The cursor belongs to other data (the database was replaced): list again');
    }
    if (seq < clock.floor) {
      throw new ApiError(
        410,
        'The cursor is older than the changes kept (jobs were removed since): list again',
      );
    }
    return seq;
  }

  /**
   * Up to `limit` jobs changed after position `since`, oldest change first, in one snapshot.
   * `next_cursor` is the last change's cursor while more follow, then the clock's: the next
   * read starts there and misses nothing.
   */
  read(since: number, limit: number, embed: BranchEmbed): ChangesPage {
    return this.db.transaction(() => {
      const { epoch, seq, floor } = this.clock();
      if (since < floor) {
        throw new ApiError(
          410,
          'The cursor is older than the changes kept (jobs were removed since): list again',
        );
      }
      const rows = this.statements.changed.all(since, seq, limit + 1);
      const hasMore = rows.length > limit;
      const kept = hasMore ? rows.slice(0, limit) : rows;
      const jobs = new Map(
        this.jobs
          .hydrate(
            kept.map(([id]) => id),
            embed,
          )
          .map((job) => [job.id, job]),
      );
      const items = kept.flatMap(([id, changeSeq]) => {
        const job = jobs.get(id);
        return job ? [{ cursor: `${epoch}.${changeSeq}`, job }] : [];
      });
      const nextPosition = hasMore ? kept.at(-1)![1] : seq;
      return { items, nextCursor: `${epoch}.${nextPosition}`, nextPosition, hasMore };
    })();
  }
}

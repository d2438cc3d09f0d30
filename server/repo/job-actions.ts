import type { StopKind } from '../statuses';
import type { Database } from '../db';
import type { Actor } from './resources';

/** What an action checks before it writes: the job's stored state and version. */
export interface JobState {
  id: number;
  status: number;
  rider_id: number | null;
  /** The job's branch (its first pickup's): the one `branch_id` limits are checked against. */
  branch_id: string;
  updated_at: number;
  /** Strong validator of the job's version (`jobEtag`). */
  etag: string;
}

export interface StopState {
  id: number;
  status: number;
  branch_id: string;
}

export interface RiderName {
  id: number;
  name: string;
  reference_id: string;
}

/**
 * The ETag of a stored job: its `updated_at` and the number of status history entries of the
 * job and its stops. Every write of a job's state (an action, the simulation, the seed) adds at
 * least one entry, so the tag changes on every write, two in one second included. A rider's
 * position, which moves on its own, is not part of it.
 */
export const jobEtag = (id: number, updatedAt: number, entries: number) => `"j${id}.${updatedAt}.${entries}"`;

/**
 * The writes of the job actions (server/routes/job-actions.ts), each a few statements the route
 * runs inside one immediate transaction (`transaction`), after its checks on the state read in
 * that same transaction: no other write lands between the check and the write.
 */
export class JobActionRepository {
  private readonly statements;

  constructor(private readonly db: Database) {
    this.statements = {
      state: db.prepare<[number], Omit<JobState, 'etag'> & { entries: number }>(
        `SELECT j.id, j.status, j.rider_id, j.branch_id, j.updated_at,
           (SELECT count(*) FROM job_status_history WHERE job_id = j.id)
           + (SELECT count(*) FROM stop_status_history h JOIN pickups p ON p.id = h.pickup_id WHERE p.job_id = j.id)
           + (SELECT count(*) FROM stop_status_history h JOIN deliveries d ON d.id = h.delivery_id WHERE d.job_id = j.id)
           AS entries
         FROM jobs j WHERE j.id = ?`,
      ),
      stops: {
        pickup: db.prepare<[number], StopState>(
          'SELECT id, status, branch_id FROM pickups WHERE job_id = ? ORDER BY position',
        ),
        delivery: db.prepare<[number], StopState>(
          'SELECT id, status, branch_id FROM deliveries WHERE job_id = ? ORDER BY position',
        ),
      } satisfies Record<StopKind, unknown>,
      rider: db.prepare<[number], RiderName>('SELECT id, name, reference_id FROM riders WHERE id = ?'),
      setJobStatus: db.prepare<[number, number, number]>(
        'UPDATE jobs SET status = ?, updated_at = ? WHERE id = ?',
      ),
      setRider: db.prepare<[number, number, number, number]>(
        'UPDATE jobs SET rider_id = ?, status = ?, updated_at = ? WHERE id = ?',
      ),
      touchJob: db.prepare<[number, number]>('UPDATE jobs SET updated_at = ? WHERE id = ?'),
      setStopStatus: {
        pickup: db.prepare<[number, number, number]>(
          'UPDATE pickups SET status = ?, updated_at = ? WHERE id = ?',
        ),
        delivery: db.prepare<[number, number, number]>(
          'UPDATE deliveries SET status = ?, updated_at = ? WHERE id = ?',
        ),
      } satisfies Record<StopKind, unknown>,
      jobHistory: db.prepare(
        `INSERT INTO job_status_history (job_id, status, remarks, actor_type, actor_id, actor_name, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      stopHistory: db.prepare(
        `INSERT INTO stop_status_history (pickup_id, delivery_id, status, remarks, actor_type, actor_id, actor_name, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
    };
  }

  /** Runs `work` in one immediate transaction: all of it, or (it throws) nothing. */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  state(id: number): JobState | undefined {
    const row = this.statements.state.get(id);
    if (!row) return undefined;
    const { entries, ...state } = row;
    return { ...state, etag: jobEtag(row.id, row.updated_at, entries) };
  }

  stops(jobId: number, kind: StopKind): StopState[] {
    return this.statements.stops[kind].all(jobId);
  }

  rider(id: number): RiderName | undefined {
    return this.statements.rider.get(id);
  }

  /** The job to `status`, recorded in its history by `actor` at `now`. */
  setJobStatus(jobId: number, status: number, remarks: string, actor: Actor, now: number): void {
    this.statements.setJobStatus.run(status, now, jobId);
    this.jobHistory(jobId, status, remarks, actor, now);
  }

  /** The job to `riderId` in `status` (Assigned), recorded in its history. */
  setRider(jobId: number, riderId: number, status: number, remarks: string, actor: Actor, now: number): void {
    this.statements.setRider.run(riderId, status, now, jobId);
    this.jobHistory(jobId, status, remarks, actor, now);
  }

  /** A remark in the job's history at its current `status`; the job's `updated_at` moves to `now`. */
  remark(jobId: number, status: number, remarks: string, actor: Actor, now: number): void {
    this.statements.touchJob.run(now, jobId);
    this.jobHistory(jobId, status, remarks, actor, now);
  }

  /** A stop to `status`, recorded in its history; its job's `updated_at` moves to `now` too. */
  setStopStatus(
    jobId: number,
    kind: StopKind,
    stopId: number,
    status: number,
    remarks: string,
    actor: Actor,
    now: number,
  ): void {
    this.statements.setStopStatus[kind].run(status, now, stopId);
    this.statements.stopHistory.run(
      kind === 'pickup' ? stopId : null,
      kind === 'delivery' ? stopId : null,
      status,
      remarks,
      actor.user_type,
      actor.user_id,
      actor.user_name,
      now,
    );
    this.statements.touchJob.run(now, jobId);
  }

  private jobHistory(jobId: number, status: number, remarks: string, actor: Actor, now: number): void {
    this.statements.jobHistory.run(
      jobId,
      status,
      remarks,
      actor.user_type,
      actor.user_id,
      actor.user_name,
      now,
    );
  }
}

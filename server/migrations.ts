import type { Database } from './db';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Ordered, append-only: never edit a released migration, add a new one. Branches are
 * referenced by their public id with ON UPDATE CASCADE, so a rename is one UPDATE.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
      CREATE TABLE branches (
        id                TEXT PRIMARY KEY,
        name              TEXT NOT NULL,
        time_zone         TEXT NOT NULL DEFAULT '',
        formatted_address TEXT NOT NULL DEFAULT '',
        active            INTEGER NOT NULL CHECK (active IN (0, 1)),
        latitude          REAL NOT NULL,
        longitude         REAL NOT NULL,
        created_at        INTEGER NOT NULL,
        updated_at        INTEGER NOT NULL,
        created_by_type   TEXT NOT NULL,
        created_by_id     TEXT NOT NULL,
        created_by_name   TEXT NOT NULL,
        updated_by_type   TEXT NOT NULL,
        updated_by_id     TEXT NOT NULL,
        updated_by_name   TEXT NOT NULL
      );

      CREATE TABLE branch_contacts (
        branch_id  TEXT NOT NULL REFERENCES branches(id) ON UPDATE CASCADE ON DELETE CASCADE,
        position   INTEGER NOT NULL,
        name       TEXT NOT NULL,
        phone      TEXT NOT NULL,
        work_from  TEXT NOT NULL,
        work_to    TEXT NOT NULL,
        work_days  TEXT NOT NULL, -- JSON array of weekday names
        PRIMARY KEY (branch_id, position)
      );

      CREATE TABLE branch_zones (
        branch_id  TEXT NOT NULL REFERENCES branches(id) ON UPDATE CASCADE ON DELETE CASCADE,
        position   INTEGER NOT NULL,
        feature_id TEXT NOT NULL,
        properties TEXT NOT NULL, -- JSON object
        geometry   TEXT NOT NULL, -- JSON GeoJSON Polygon
        PRIMARY KEY (branch_id, position),
        UNIQUE (branch_id, feature_id)
      );

      CREATE TABLE riders (
        id             INTEGER PRIMARY KEY,
        reference_id   TEXT NOT NULL,
        name           TEXT NOT NULL,
        username       TEXT NOT NULL,
        dial_code      TEXT NOT NULL DEFAULT '',
        mobile         TEXT NOT NULL DEFAULT '',
        email          TEXT NOT NULL,
        type           TEXT NOT NULL,
        status         INTEGER NOT NULL,
        profile_pic    TEXT NOT NULL DEFAULT '',
        email_verified INTEGER NOT NULL CHECK (email_verified IN (0, 1)),
        phone_verified INTEGER NOT NULL CHECK (phone_verified IN (0, 1)),
        metadata       TEXT NOT NULL DEFAULT '{}', -- JSON object
        last_latitude  REAL,
        last_longitude REAL,
        created_at     INTEGER NOT NULL,
        updated_at     INTEGER NOT NULL
      );

      CREATE TABLE jobs (
        id         INTEGER PRIMARY KEY,
        order_id   TEXT NOT NULL,
        type       TEXT NOT NULL,
        status     INTEGER NOT NULL,
        notes      TEXT NOT NULL DEFAULT '',
        team_id    TEXT NOT NULL,
        -- Denormalised: the branch of the job's first pickup, for the branch filter.
        branch_id  TEXT NOT NULL REFERENCES branches(id) ON UPDATE CASCADE,
        rider_id   INTEGER REFERENCES riders(id),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );

      -- One index per filter combination the jobs list serves, each ending in the sort key
      -- (created_at, id) so a page is an index range scan, never a sort.
      CREATE INDEX jobs_by_created ON jobs (created_at, id);
      CREATE INDEX jobs_by_status ON jobs (status, created_at, id);
      CREATE INDEX jobs_by_branch ON jobs (branch_id, created_at, id);
      CREATE INDEX jobs_by_branch_status ON jobs (branch_id, status, created_at, id);
      CREATE INDEX jobs_by_team ON jobs (team_id, created_at, id);
      CREATE INDEX jobs_by_team_status ON jobs (team_id, status, created_at, id);

      CREATE TABLE job_status_history (
        id         INTEGER PRIMARY KEY,
        job_id     INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        status     INTEGER NOT NULL,
        remarks    TEXT NOT NULL DEFAULT '',
        actor_type TEXT NOT NULL,
        actor_id   TEXT NOT NULL,
        actor_name TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX job_status_history_by_job ON job_status_history (job_id);

      CREATE TABLE pickups (
        id         INTEGER PRIMARY KEY,
        job_id     INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        position   INTEGER NOT NULL,
        branch_id  TEXT NOT NULL REFERENCES branches(id) ON UPDATE CASCADE,
        status     INTEGER NOT NULL,
        slot_from  INTEGER,
        slot_to    INTEGER,
        address    TEXT, -- JSON object or NULL
        customer   TEXT, -- JSON object or NULL
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (job_id, position)
      );
      CREATE INDEX pickups_by_branch ON pickups (branch_id);

      CREATE TABLE deliveries (
        id                      INTEGER PRIMARY KEY,
        job_id                  INTEGER NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        position                INTEGER NOT NULL,
        branch_id               TEXT NOT NULL REFERENCES branches(id) ON UPDATE CASCADE,
        status                  INTEGER NOT NULL,
        first_order             INTEGER NOT NULL DEFAULT 0,
        enable_otp              INTEGER NOT NULL DEFAULT 0,
        otp                     TEXT NOT NULL DEFAULT '',
        note                    TEXT NOT NULL DEFAULT '',
        unattended_delivery     INTEGER NOT NULL DEFAULT 0,
        leave_at_door           INTEGER NOT NULL DEFAULT 0,
        dont_ring_bell          INTEGER NOT NULL DEFAULT 0,
        age_restricted_delivery INTEGER NOT NULL DEFAULT 0,
        signature_required      INTEGER NOT NULL DEFAULT 0,
        signature_image         TEXT NOT NULL DEFAULT '',
        proof_of_delivery_images TEXT NOT NULL DEFAULT '[]', -- JSON array of URLs
        payment_type            INTEGER NOT NULL,
        amount_minor            INTEGER NOT NULL, -- amount in hundredths
        tracking_id             TEXT NOT NULL,
        slot_from               INTEGER,
        slot_to                 INTEGER,
        address                 TEXT, -- JSON object or NULL
        customer                TEXT, -- JSON object or NULL
        created_at              INTEGER NOT NULL,
        updated_at              INTEGER NOT NULL,
        UNIQUE (job_id, position)
      );
      CREATE INDEX deliveries_by_branch ON deliveries (branch_id);

      -- A package or history entry belongs to exactly one stop: a pickup or a delivery.
      CREATE TABLE packages (
        id          INTEGER PRIMARY KEY,
        pickup_id   INTEGER REFERENCES pickups(id) ON DELETE CASCADE,
        delivery_id INTEGER REFERENCES deliveries(id) ON DELETE CASCADE,
        package_id  TEXT NOT NULL,
        barcode     TEXT NOT NULL DEFAULT '',
        CHECK ((pickup_id IS NULL) <> (delivery_id IS NULL))
      );
      CREATE INDEX packages_by_pickup ON packages (pickup_id) WHERE pickup_id IS NOT NULL;
      CREATE INDEX packages_by_delivery ON packages (delivery_id) WHERE delivery_id IS NOT NULL;

      CREATE TABLE stop_status_history (
        id          INTEGER PRIMARY KEY,
        pickup_id   INTEGER REFERENCES pickups(id) ON DELETE CASCADE,
        delivery_id INTEGER REFERENCES deliveries(id) ON DELETE CASCADE,
        status      INTEGER NOT NULL,
        remarks     TEXT NOT NULL DEFAULT '',
        actor_type  TEXT NOT NULL,
        actor_id    TEXT NOT NULL,
        actor_name  TEXT NOT NULL,
        created_at  INTEGER NOT NULL,
        CHECK ((pickup_id IS NULL) <> (delivery_id IS NULL))
      );
      CREATE INDEX stop_status_history_by_pickup ON stop_status_history (pickup_id) WHERE pickup_id IS NOT NULL;
      CREATE INDEX stop_status_history_by_delivery ON stop_status_history (delivery_id) WHERE delivery_id IS NOT NULL;
    `,
  },
  {
    version: 2,
    name: 'meta',
    // Facts about the data as a whole, such as the time it describes (server/meta.ts).
    sql: `
      CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
  {
    version: 3,
    name: 'branch revision',
    // Each write of a branch takes the next number over all branches (0: never written since
    // the seed): with updated_at, the branch's ETag (server/repo/branches.ts).
    sql: `
      ALTER TABLE branches ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX branches_by_revision ON branches (revision);
    `,
  },
  {
    version: 4,
    name: 'job changes and search',
    // The extension for scale (docs/design.md, "Extensions"). Every write of a job, or of one
    // of its stops, takes the next number of `change_clock.seq` into the job's `change_seq`:
    // GET /v1/jobs/changes reads jobs by it. A job keeps only its latest number (a job changed
    // twice is read once, as it is now). A deleted job cannot be read as a change, so a
    // deletion raises `floor`: older cursors are answered 410 and the client lists again.
    // `epoch` tells cursors of another database (reseeded) apart. `job_search` holds the
    // normalised terms of GET /v1/jobs/search (server/search-terms.ts, through the
    // `search_terms` function db.ts registers).
    sql: `
      CREATE TABLE change_clock (
        id    INTEGER PRIMARY KEY CHECK (id = 1),
        epoch TEXT NOT NULL,
        seq   INTEGER NOT NULL,
        floor INTEGER NOT NULL
      );
      ALTER TABLE jobs ADD COLUMN change_seq INTEGER NOT NULL DEFAULT 0;
      UPDATE jobs SET change_seq = id;
      INSERT INTO change_clock (id, epoch, seq, floor)
        VALUES (1, lower(hex(randomblob(6))), coalesce((SELECT max(id) FROM jobs), 0), 0);
      CREATE INDEX jobs_by_change ON jobs (change_seq);
      CREATE INDEX jobs_by_rider ON jobs (rider_id, created_at, id);

      CREATE TRIGGER jobs_change_on_insert AFTER INSERT ON jobs BEGIN
        UPDATE change_clock SET seq = seq + 1;
        UPDATE jobs SET change_seq = (SELECT seq FROM change_clock) WHERE id = NEW.id;
      END;
      CREATE TRIGGER jobs_change_on_update AFTER UPDATE ON jobs WHEN NEW.change_seq = OLD.change_seq BEGIN
        UPDATE change_clock SET seq = seq + 1;
        UPDATE jobs SET change_seq = (SELECT seq FROM change_clock) WHERE id = NEW.id;
      END;
      CREATE TRIGGER pickups_change_on_update AFTER UPDATE ON pickups BEGIN
        UPDATE change_clock SET seq = seq + 1;
        UPDATE jobs SET change_seq = (SELECT seq FROM change_clock) WHERE id = NEW.job_id;
      END;
      CREATE TRIGGER deliveries_change_on_update AFTER UPDATE ON deliveries BEGIN
        UPDATE change_clock SET seq = seq + 1;
        UPDATE jobs SET change_seq = (SELECT seq FROM change_clock) WHERE id = NEW.job_id;
      END;

      CREATE TABLE job_search (
        term   TEXT NOT NULL,
        job_id INTEGER NOT NULL,
        PRIMARY KEY (term, job_id)
      ) WITHOUT ROWID;
      CREATE INDEX job_search_by_job ON job_search (job_id);
      INSERT OR IGNORE INTO job_search (term, job_id) SELECT lower(order_id), id FROM jobs;
      INSERT OR IGNORE INTO job_search (term, job_id)
        SELECT t.value, d.job_id FROM deliveries d, json_each(search_terms(d.tracking_id, d.customer)) t;
      CREATE TRIGGER jobs_search_on_insert AFTER INSERT ON jobs BEGIN
        INSERT OR IGNORE INTO job_search (term, job_id) VALUES (lower(NEW.order_id), NEW.id);
      END;
      CREATE TRIGGER deliveries_search_on_insert AFTER INSERT ON deliveries BEGIN
        INSERT OR IGNORE INTO job_search (term, job_id)
          SELECT value, NEW.job_id FROM json_each(search_terms(NEW.tracking_id, NEW.customer));
      END;
      CREATE TRIGGER jobs_change_on_delete AFTER DELETE ON jobs BEGIN
        UPDATE change_clock SET seq = seq + 1, floor = seq + 1;
        DELETE FROM job_search WHERE job_id = OLD.id;
      END;
    `,
  },
  {
    version: 5,
    name: 'rider reports as job changes',
    // A job embeds its rider as it is now: a rider's position report (or any other write of the
    // rider) is a change of each of that rider's open jobs, so the changes read and the stream
    // carry the new position and its time (the control room's "not reporting"). The no-op write
    // lets jobs_change_on_update give each job its own number. Closed jobs keep theirs: a report
    // costs the rider's open jobs, found through a partial index of the open work by rider.
    sql: `
      CREATE INDEX jobs_open_by_rider ON jobs (rider_id) WHERE status IN (1, 2, 3, 4, 5, 6);
      CREATE TRIGGER riders_change_jobs AFTER UPDATE ON riders BEGIN
        UPDATE jobs SET change_seq = change_seq WHERE rider_id = NEW.id AND status IN (1, 2, 3, 4, 5, 6);
      END;
    `,
  },
];

/** Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction. */
export function applyMigrations(db: Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const applied = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const ran: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, Math.floor(Date.now() / 1000));
    })();
    ran.push(migration.version);
  }
  return ran;
}

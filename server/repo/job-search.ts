/**
 * The search of all jobs (GET /v1/jobs/search, an extension): by order id, job id, tracking
 * id, customer name or phone (the `job_search` terms of migration 4, server/search-terms.ts)
 * and rider name, newest job first. Every lookup is an index range: an order of any age is
 * found in about a millisecond at 300,000 jobs.
 */
import type { Database } from '../db';
import { foldText, phoneQueryForms } from '../search-terms';
import { jsonWithBranches, type BranchEmbed, type JobRepository } from './jobs';

/** Matches read per lookup before the newest are kept: a query as broad as "an" stops there. */
const MAX_CANDIDATES = 5000;
/** The largest code point: `term < prefix || END` keeps every term that starts with `prefix`. */
const END = String.fromCodePoint(0x10ffff);

export class JobSearch {
  private readonly statements;

  constructor(
    db: Database,
    private readonly jobs: JobRepository,
  ) {
    this.statements = {
      byTerm: db
        .prepare<[string, string, number], number>(
          'SELECT DISTINCT job_id FROM job_search WHERE term >= ? AND term < ? LIMIT ?',
        )
        .pluck(),
      riders: db.prepare<[], { id: number; name: string }>('SELECT id, name FROM riders'),
      byRider: db
        .prepare<[number, number], number>(
          'SELECT id FROM jobs WHERE rider_id = ? ORDER BY created_at DESC, id DESC LIMIT ?',
        )
        .pluck(),
      newestFirst: db
        .prepare<[string, number], number>(
          'SELECT id FROM jobs WHERE id IN (SELECT value FROM json_each(?)) ORDER BY created_at DESC, id DESC LIMIT ?',
        )
        .pluck(),
    };
  }

  /** Ids of the jobs matching `query`, newest first: up to `limit`, and whether there are more. */
  ids(query: string, limit: number): { ids: number[]; hasMore: boolean } {
    const { statements } = this;
    const candidates = new Set<number>();
    const prefix = (text: string) => {
      for (const id of statements.byTerm.all(text, `${text}${END}`, MAX_CANDIDATES)) candidates.add(id);
    };
    const folded = foldText(query);
    prefix(folded);
    for (const form of phoneQueryForms(query)) prefix(form);
    if (/^\d{1,15}$/.test(folded)) candidates.add(Number(folded));
    for (const rider of statements.riders.all()) {
      const name = foldText(rider.name);
      if (name.startsWith(folded) || name.includes(` ${folded}`)) {
        for (const id of statements.byRider.all(rider.id, limit + 1)) candidates.add(id);
      }
    }
    const ids = statements.newestFirst.all(JSON.stringify([...candidates]), limit + 1);
    return { ids: ids.slice(0, limit), hasMore: ids.length > limit };
  }

  /** The answer of GET /v1/jobs/search as JSON: `{jobs, has_more}`. */
  json(query: string, limit: number, embed: BranchEmbed): string {
    const { ids, hasMore } = this.ids(query, limit);
    const jobs = this.jobs.hydrate(ids, embed);
    return jsonWithBranches((embedJob) => ({ jobs: jobs.map(embedJob), has_more: hasMore }));
  }
}

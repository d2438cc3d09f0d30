/**
 * The control room's computation in Node: src/rules called directly on 10,000 jobs of the
 * reference server's seed, read as the app reads them (a page of the service parsed through
 * the contract), with the shipped config's thresholds.
 */
import { readFileSync } from 'node:fs';
import { describeStatus } from '../../src/config/dictionaries';
import { RuntimeConfig } from '../../src/config/schema';
import { JobsResponse, type Job } from '../../src/contract';
import { dayFigures, figureRule } from '../../src/rules/day-figures';
import { exceptionRule, findExceptions } from '../../src/rules/exceptions';
import { openDatabase } from '../../server/db';
import { BranchRepository } from '../../server/repo/branches';
import { JobRepository } from '../../server/repo/jobs';
import { cachedDatabase, REFERENCE_TIME } from './database';
import { median, timeSync } from './stats';

export const OVERVIEW_JOBS = 10_000;
const DAYS = 30;

/** The seed's 10,000 jobs (30 days up to the reference time), as the service sends them. */
function seededJobs(outDir: string, seed: number): Job[] {
  const db = openDatabase(cachedDatabase(outDir, OVERVIEW_JOBS, seed).path);
  try {
    const page = new JobRepository(db, new BranchRepository(db)).list({}, 1, OVERVIEW_JOBS, 'summary');
    return JobsResponse.parse(JSON.parse(JSON.stringify(page))).jobs;
  } finally {
    db.close();
  }
}

export interface OverviewFigures {
  ms: number;
  runs: number;
  jobs: number;
  exceptions: number;
  delivered: number;
}

/** The day's figures and the exceptions of 10,000 jobs at the reference time: median of `runs` after 3 warm-up, in ms. */
export function overviewComputeFigures(outDir: string, seed: number, runs: number): OverviewFigures {
  const jobs = seededJobs(outDir, seed);
  const config = RuntimeConfig.parse(JSON.parse(readFileSync('public/config.json', 'utf8')));
  const figures = figureRule(config);
  const exceptions = exceptionRule(config, (code) => describeStatus(config, code).label);
  const window = { from: REFERENCE_TIME - DAYS * 86_400, to: REFERENCE_TIME };
  const compute = () => ({
    day: dayFigures(jobs, window, REFERENCE_TIME, figures),
    exceptions: findExceptions(jobs, REFERENCE_TIME, exceptions),
  });
  const ms = median(timeSync(compute, runs, 3));
  const last = compute();
  return {
    ms,
    runs,
    jobs: jobs.length,
    exceptions: last.exceptions.list.length,
    delivered: last.day.tiles.completed.value ?? 0,
  };
}

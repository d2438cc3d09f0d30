/** Server figures: GET /v1/jobs under load (autocannon, loopback) and sequential PUTs of a big zone. */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import autocannon from 'autocannon';
import type { Api } from './api';
import { percentile } from './stats';

export interface JobsLoadOptions {
  baseUrl: string;
  token: string;
  /** The filter (e.g. `status=7&branch_id=LDN-01`). */
  filter: string;
  totalPages: number;
  connections: number;
  seconds: number;
  /** The server's process id: its CPU time is read from /proc (Linux) around the load. */
  serverPid?: number;
  /** Accept-Encoding of every request (none: uncompressed answers). */
  acceptEncoding?: string;
}

export interface JobsLoad {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Connection errors and timeouts (over 10 s): not in the latency figures. */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Server CPU time per request (user + system), ms: steadier than times on a shared machine. */
  serverCpuMsPerRequest: number | null;
  /** Share of one core the server got during the load (1 = a full core). */
  serverCpuShare: number | null;
}

/** CPU time (user + system) of a process in ms, from /proc/PID/stat; null where unavailable. */
function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/**
 * Pages visited in a fixed order that strides across the whole range (first, deep, last
 * pages alike): page k is 1 + (k × 7919 mod totalPages).
 */
function pageRotation(totalPages: number): () => number {
  let k = 0;
  return () => 1 + ((k++ * 7919) % totalPages);
}

export async function jobsLoad(o: JobsLoadOptions): Promise<JobsLoad> {
  const nextPage = pageRotation(o.totalPages);
  const cpuBefore = cpuMs(o.serverPid);
  const started = performance.now();
  const result = await autocannon({
    url: o.baseUrl,
    connections: o.connections,
    duration: o.seconds,
    timeout: 10,
    headers: {
      authorization: `Bearer ${o.token}`,
      ...(o.acceptEncoding ? { 'accept-encoding': o.acceptEncoding } : {}),
    },
    requests: [
      { method: 'GET', setupRequest: (r) => ({ ...r, path: `/v1/jobs?${o.filter}&page=${nextPage()}` }) },
    ],
  });
  const cpuAfter = cpuMs(o.serverPid);
  const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return {
    serverCpuMsPerRequest: cpu === null ? null : cpu / Math.max(1, result.requests.total),
    serverCpuShare: cpu === null ? null : cpu / (performance.now() - started),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The size of one answer as sent (node:http does not decode it, unlike fetch), and its Content-Encoding. */
export function responseBytes(
  url: string,
  headers: Record<string, string>,
): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ bytes, encoding: res.headers['content-encoding'] })
          : reject(new Error(`GET ${url}: HTTP ${res.statusCode}`)),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** `count` sequential PUTs of `body` (client-side time: request sent to response read). */
export async function putLatencies(
  api: Api,
  branchId: string,
  body: string,
  count: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await api.putBranch(branchId, body);
    times.push(performance.now() - started);
  }
  return times;
}

export const p99 = (times: readonly number[]) => percentile(times, 0.99);

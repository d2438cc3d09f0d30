/**
 * The long tasks of a Chrome trace (Playwright's `startTracing`, whose categories include V8's
 * sampling profiler): each task of the page's main thread over `minMs`, when it started after
 * navigation, and the scripts and functions its samples fell in (self time). Where a page's
 * blocking time goes, read from one traced load (the trace itself slows the page: compare
 * tasks, not totals).
 */
import { readFileSync } from 'node:fs';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame };
type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: {
    data?: {
      documentLoaderURL?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
};

export type LongTask = {
  /** ms after the navigation's start */
  at: number;
  ms: number;
  /** self time per script file (or native: `(program)`, `(garbage collector)`), largest first */
  files: [string, number][];
  /** self time per function (`name file:line`), largest first */
  functions: [string, number][];
};

const fileOf = (url: string | undefined) => url?.split('/').pop() ?? '';

export function longTasks(tracePath: string, minMs = 50): LongTask[] {
  const parsed = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL);
  if (!nav) throw new Error(`${tracePath}: no navigation in the trace`);
  const onMain = (e: TraceEvent) => e.pid === nav.pid && e.tid === nav.tid;
  const profile = events.find((e) => e.name === 'Profile' && onMain(e));
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  let ts = profile?.args?.data?.startTime ?? 0;
  for (const chunk of events) {
    if (chunk.name !== 'ProfileChunk' || chunk.pid !== nav.pid || chunk.id !== profile?.id) continue;
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((node, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node });
    });
  }
  samples.sort((a, b) => a.ts - b.ts);
  const tasks = events
    .filter(
      (e) =>
        onMain(e) && e.ph === 'X' && e.name === 'RunTask' && e.ts >= nav.ts && (e.dur ?? 0) / 1000 > minMs,
    )
    .sort((a, b) => a.ts - b.ts);
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return tasks.map((task) => {
    const end = task.ts + task.dur!;
    const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
    const files = new Map<string, number>();
    const functions = new Map<string, number>();
    inside.forEach((sample, i) => {
      const frame = nodes.get(sample.node)?.callFrame;
      if (!frame) return;
      const ms = ((inside[i + 1]?.ts ?? end) - sample.ts) / 1000;
      const file = fileOf(frame.url) || frame.functionName;
      files.set(file, (files.get(file) ?? 0) + ms);
      const fn = `${frame.functionName || '(anonymous)'}${frame.url ? ` ${fileOf(frame.url)}:${frame.lineNumber}` : ''}`;
      functions.set(fn, (functions.get(fn) ?? 0) + ms);
    });
    return {
      at: (task.ts - nav.ts) / 1000,
      ms: task.dur! / 1000,
      files: sorted(files),
      functions: sorted(functions),
    };
  });
}

/** The long tasks as lines to print: when, how long, the top scripts and functions. */
export function longTaskLines(tasks: LongTask[], top = 5): string[] {
  const list = (entries: [string, number][]) =>
    entries
      .slice(0, top)
      .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
      .join(' | ');
  const blocking = tasks.reduce((sum, t) => sum + Math.max(0, t.ms - 50), 0);
  return [
    ...tasks.flatMap((t) => [
      `  ${t.at.toFixed(0).padStart(6)} ms: ${t.ms.toFixed(0)} ms`,
      `      scripts: ${list(t.files)}`,
      `      functions: ${list(t.functions)}`,
    ]),
    `  ${tasks.length} tasks; blocking time in the trace ${blocking.toFixed(0)} ms`,
  ];
}

/**
 * `npm test`: every check of the repository, as `npm run` scripts, with each step's time.
 *
 * The machine has few cores (two here and in CI), so steps share them by weight:
 * - a step that spreads over every core (the build) runs with nothing beside it but steps that
 *   wait on the network (audit);
 * - every other step takes one core: the single-threaded ones (lint, format, typecheck,
 *   check:size), and vitest's suites, which run one file at a time on two cores (vitest keeps a
 *   core for itself: `availableParallelism() - 1` workers);
 * - the end-to-end suite counts as both cores: beside its browser, even at a lower priority,
 *   the component tests' waits for the screen ran out (docs/performance.md, "CI time"); so does
 *   the component suite, whose waits ran out beside the unit tests and the typecheck too.
 * The end-to-end suite is the longest step, so it starts first, as soon as the build is done;
 * the component suite follows alone, then the other steps two at a time, at a lower CPU
 * priority (nice 10). Steps start in
 * the order listed (the longest first), as soon as the cores and their prerequisites allow. A step's
 * output is printed whole when it ends, so parallel steps never interleave, except the
 * end-to-end suite's, printed as it comes (another step's block may fall between its lines).
 * The first failure stops new steps from starting; the summary lists each step's time and
 * outcome, and the exit code is 1 when any step failed.
 *
 * `npm test -- --serial` runs the steps one at a time, in order; `npm test -- --only lint,test:unit`
 * runs only those steps (and not what they need).
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

type Weight = 'network' | 'one-core' | 'all-cores';
interface Step {
  script: string;
  weight: Weight;
  needs?: string[];
}

const STEPS: Step[] = [
  { script: 'audit:prod', weight: 'network' },
  { script: 'build', weight: 'all-cores' },
  { script: 'test:e2e', weight: 'all-cores', needs: ['build'] },
  { script: 'test:component', weight: 'all-cores' },
  { script: 'test:unit', weight: 'one-core' },
  { script: 'typecheck', weight: 'one-core' },
  { script: 'test:load', weight: 'one-core' },
  { script: 'lint', weight: 'one-core' },
  { script: 'format:check', weight: 'one-core' },
  { script: 'check:size', weight: 'one-core', needs: ['build'] },
];
/** The critical path: printed as it comes, and the only step at the normal CPU priority. */
const FIRST = 'test:e2e';
/** `nice` lowers a command's priority on Linux and macOS (Windows: every step runs as is). */
const NICE = process.platform === 'win32' ? [] : ['nice', '-n', '10'];

const serial = process.argv.includes('--serial');
const onlyArg = process.argv[process.argv.indexOf('--only') + 1];
const only = process.argv.includes('--only') && onlyArg ? new Set(onlyArg.split(',')) : undefined;
const steps = only ? STEPS.filter((step) => only.has(step.script)) : STEPS;
const cores = serial ? 1 : Math.max(1, Math.min(availableParallelism(), 2));
const costOf = (weight: Weight) =>
  weight === 'network' ? (serial ? cores : 0) : weight === 'one-core' ? 1 : cores;

type Outcome = { script: string; ok: boolean; seconds: number };
const done = new Map<string, Outcome>();
const running = new Map<string, Step>();
let failed = false;

const seconds = (ms: number) => Math.round(ms / 100) / 10;
const used = () => [...running.values()].reduce((sum, step) => sum + costOf(step.weight), 0);

function canStart(step: Step): boolean {
  if (failed || done.has(step.script) || running.has(step.script)) return false;
  const needs = (step.needs ?? []).filter((name) => steps.some((s) => s.script === name));
  if (!needs.every((name) => done.get(name)?.ok)) return false;
  return used() + costOf(step.weight) <= cores;
}

function run(step: Step): Promise<void> {
  running.set(step.script, step);
  const started = Date.now();
  const live = step.script === FIRST || serial;
  const [command, ...args] = [...(live ? [] : NICE), 'npm', 'run', '-s', step.script];
  console.log(`▶ ${step.script}`);
  return new Promise((resolve) => {
    const child = spawn(command!, args, {
      stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const outcome = { script: step.script, ok: code === 0, seconds: seconds(Date.now() - started) };
      if (output.length > 0) process.stdout.write(Buffer.concat(output));
      console.log(
        `${outcome.ok ? '✔' : '✘'} ${step.script}: ${outcome.seconds} s${outcome.ok ? '' : ` (exit ${code})`}`,
      );
      running.delete(step.script);
      done.set(step.script, outcome);
      if (!outcome.ok) failed = true;
      resolve();
    });
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  const inFlight = new Set<Promise<void>>();
  for (;;) {
    for (const step of steps) {
      if (!canStart(step)) continue;
      const promise = run(step).then(() => void inFlight.delete(promise));
      inFlight.add(promise);
    }
    if (inFlight.size === 0) break;
    await Promise.race(inFlight);
  }
  console.log(
    `\nnpm test: ${seconds(Date.now() - started)} s in all (${serial ? 'serial' : `${cores} cores`})`,
  );
  for (const step of steps) {
    const outcome = done.get(step.script);
    const state = outcome ? (outcome.ok ? 'ok' : 'FAILED') : 'not run';
    console.log(
      `  ${step.script.padEnd(16)} ${outcome ? `${outcome.seconds} s`.padStart(8) : '       -'}  ${state}`,
    );
  }
  process.exitCode = failed ? 1 : 0;
}

void main();

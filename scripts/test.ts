/**
 * `npm test`: every check of the repository, as `npm run` scripts, with each step's time.
 *
 * The machine has few cores (two here and in CI), so steps share them by weight:
 * - a single-threaded step (lint, format, typecheck, check:size) takes one core;
 * - a step that spreads over every core (vitest's suites, the build) runs with nothing beside it
 *   but steps that wait on the network (audit);
 * - the end-to-end suite (a real browser drawing maps in software GL, with waits) runs alone.
 * Steps start in the order listed, as soon as the cores and their prerequisites allow. A step's
 * output is printed whole when it ends (the end-to-end suite's as it comes), so parallel steps
 * never interleave. The first failure stops new steps from starting; the summary lists each
 * step's time and outcome, and the exit code is 1 when any step failed.
 *
 * `npm test -- --serial` runs the steps one at a time, in order; `npm test -- --only lint,test:unit`
 * runs only those steps (and not what they need).
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

type Weight = 'network' | 'one-core' | 'all-cores' | 'alone';
interface Step {
  script: string;
  weight: Weight;
  needs?: string[];
}

const STEPS: Step[] = [
  { script: 'audit:prod', weight: 'network' },
  { script: 'typecheck', weight: 'one-core' },
  { script: 'lint', weight: 'one-core' },
  { script: 'format:check', weight: 'one-core' },
  { script: 'build', weight: 'all-cores' },
  { script: 'check:size', weight: 'one-core', needs: ['build'] },
  { script: 'test:unit', weight: 'all-cores' },
  { script: 'test:load', weight: 'all-cores' },
  { script: 'test:component', weight: 'all-cores' },
  { script: 'test:e2e', weight: 'alone', needs: ['build'] },
];

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
  if ([...running.values()].some((other) => other.weight === 'alone')) return false;
  if (step.weight === 'alone') return running.size === 0;
  return used() + costOf(step.weight) <= cores;
}

function run(step: Step): Promise<void> {
  running.set(step.script, step);
  const started = Date.now();
  const live = step.weight === 'alone' || serial;
  console.log(`▶ ${step.script}`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', step.script], {
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

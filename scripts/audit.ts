/**
 * `npm run audit:prod`: audits the production dependencies (`npm audit --omit=dev --json`).
 *
 * - exit 1, listing them, when any advisory is high or critical;
 * - exit 0 when there are none (lower severities are counted, not listed);
 * - exit 0 with one line `audit skipped: registry unreachable (...)` when the registry does not
 *   answer (DNS failure, refused or reset connection, timeout) or its audit endpoint is
 *   unavailable (an HTTP error status from the endpoint, e.g. a mirror or proxy without it);
 * - exit 2 when npm audit fails for another reason (no lockfile, unreadable output...).
 *
 * Extra arguments go to npm, e.g. `npm run audit:prod -- --registry=https://registry.example/`.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const FAILING = new Set(['high', 'critical']);
/** npm's own per-request timeout and retries, then a hard stop for the whole run. */
const NPM_ARGS = ['audit', '--omit=dev', '--json', '--fetch-timeout=20000', '--fetch-retries=1'];
const HARD_TIMEOUT_MS = 90_000;
const NETWORK_ERROR =
  /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ESOCKETTIMEDOUT|ENETUNREACH|EHOSTUNREACH|ENETDOWN|ECONNABORTED|EPIPE|UND_ERR_[A-Z_]+)\b|network timeout|socket hang up/i;

interface Advisory {
  title?: string;
  url?: string;
  severity?: string;
  range?: string;
}
interface Vulnerability {
  name: string;
  severity: string;
  range?: string;
  via?: (string | Advisory)[];
  fixAvailable?: boolean | { name: string; version: string; isSemVerMajor?: boolean };
}
interface AuditReport {
  vulnerabilities?: Record<string, Vulnerability>;
  metadata?: { vulnerabilities?: Record<string, number> };
}
interface AuditError {
  message?: string;
  statusCode?: number;
  error?: { code?: string; summary?: string; detail?: string };
}

export type Outcome = { exitCode: 0 | 1 | 2; lines: string[] };

function run(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string; timedOut: boolean }> {
  // Under `npm run`, use the very npm that runs us; otherwise the one on PATH.
  const npmCli = process.env.npm_execpath;
  const [command, prefix] = npmCli?.endsWith('.js') ? [process.execPath, [npmCli]] : ['npm', []];
  return new Promise((done, fail) => {
    const child = spawn(command, [...prefix, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32' && command === 'npm',
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, HARD_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, timedOut });
    });
  });
}

function parse(stdout: string): unknown {
  try {
    return JSON.parse(stdout) as unknown;
  } catch {
    return undefined;
  }
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function describeFix(fix: Vulnerability['fixAvailable']): string {
  if (fix === true) return 'fix: npm audit fix';
  if (fix && typeof fix === 'object')
    return `fix: ${fix.name}@${fix.version}${fix.isSemVerMajor ? ' (semver-major)' : ''}`;
  return 'no fix available';
}

/** Turns npm audit's exit code and output into this script's outcome. */
export function judge(result: {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}): Outcome {
  if (result.timedOut) {
    return {
      exitCode: 0,
      lines: [`audit skipped: registry unreachable (no answer in ${HARD_TIMEOUT_MS / 1000} s)`],
    };
  }
  const output = parse(result.stdout);
  const report = output as AuditReport | undefined;
  if (report && typeof report === 'object' && report.vulnerabilities) {
    const failing = Object.values(report.vulnerabilities).filter((v) => FAILING.has(v.severity));
    const counts = report.metadata?.vulnerabilities ?? {};
    const summary = ['critical', 'high', 'moderate', 'low', 'info']
      .map((level) => `${counts[level] ?? 0} ${level}`)
      .join(', ');
    if (failing.length === 0) {
      return {
        exitCode: 0,
        lines: [`audit: no high or critical advisories in production dependencies (${summary})`],
      };
    }
    const lines = [
      `audit: ${failing.length} production package(s) with high or critical advisories (${summary}):`,
    ];
    for (const v of failing.sort((a, b) => a.name.localeCompare(b.name))) {
      lines.push(
        `  ${v.severity.toUpperCase()} ${v.name}${v.range ? ` ${v.range}` : ''} (${describeFix(v.fixAvailable)})`,
      );
      for (const via of v.via ?? []) {
        lines.push(
          typeof via === 'string'
            ? `    via ${via}`
            : `    ${via.severity ?? ''} ${via.title ?? 'advisory'}${via.url ? ` ${via.url}` : ''}${via.range ? ` (${via.range})` : ''}`,
        );
      }
    }
    return { exitCode: 1, lines };
  }

  const error = (output ?? {}) as AuditError;
  const stderrReason = result.stderr
    .split('\n')
    .filter((line) => /^npm (error|warn audit)/.test(line) && !/complete log of this run/.test(line))
    .map((line) => line.replace(/^npm (error|warn audit) ?/, ''))
    .join('; ');
  const reason = oneLine(
    [error.error?.code, error.error?.summary, error.message].filter(Boolean).join(': ') ||
      stderrReason ||
      `npm audit exited with code ${result.code}`,
  );
  const endpointStatus = error.statusCode ?? Number(/^(\d{3}) /.exec(error.message ?? '')?.[1]);
  if (NETWORK_ERROR.test(reason) || (endpointStatus >= 400 && /advisories|audit/.test(reason))) {
    return { exitCode: 0, lines: [`audit skipped: registry unreachable (${reason})`] };
  }
  return { exitCode: 2, lines: [`audit failed: ${reason}`] };
}

async function main(): Promise<void> {
  let outcome: Outcome;
  try {
    outcome = judge(await run([...NPM_ARGS, ...process.argv.slice(2)]));
  } catch (error) {
    outcome = { exitCode: 2, lines: [`audit failed: could not run npm (${String(error)})`] };
  }
  for (const line of outcome.lines) (outcome.exitCode === 0 ? console.log : console.error)(line);
  process.exitCode = outcome.exitCode;
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(resolve(entry)).href) void main();

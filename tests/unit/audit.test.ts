/**
 * `npm run audit:prod` (scripts/audit.ts): what npm audit's answer makes of the run. A registry
 * that cannot answer never fails it, and the output says the audit was skipped and why.
 */
import { describe, expect, it } from 'vitest';
import { judge } from '../../scripts/audit';

const npm = (over: Partial<Parameters<typeof judge>[0]>) => ({
  code: 1,
  stdout: '',
  stderr: '',
  timedOut: false,
  ...over,
});

describe('audit:prod', () => {
  it('passes, saying it was skipped, when the registry does not answer in time', () => {
    expect(judge(npm({ timedOut: true, code: null }))).toEqual({
      exitCode: 0,
      lines: ['audit skipped: registry unreachable (no answer in 90 s)'],
    });
  });

  it('passes, saying it was skipped, on a network error or an audit endpoint the registry lacks', () => {
    const offline = judge(
      npm({
        stdout: JSON.stringify({
          error: { code: 'ENOTFOUND', summary: 'getaddrinfo ENOTFOUND registry.npmjs.org' },
        }),
      }),
    );
    expect(offline.exitCode).toBe(0);
    expect(offline.lines).toEqual([
      expect.stringMatching(/^audit skipped: registry unreachable \(ENOTFOUND/),
    ]);
    const noEndpoint = judge(
      npm({
        stdout: JSON.stringify({
          message:
            '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
        }),
      }),
    );
    expect(noEndpoint).toEqual({
      exitCode: 0,
      lines: [
        'audit skipped: registry unreachable (405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk)',
      ],
    });
  });

  it('fails on a high advisory in a production dependency, and not on a moderate one', () => {
    const report = (severity: string) =>
      JSON.stringify({
        vulnerabilities: { leftpad: { name: 'leftpad', severity, via: [], fixAvailable: true } },
        metadata: { vulnerabilities: { [severity]: 1 } },
      });
    const high = judge(npm({ stdout: report('high') }));
    expect(high.exitCode).toBe(1);
    expect(high.lines[1]).toBe('  HIGH leftpad (fix: npm audit fix)');
    expect(judge(npm({ code: 0, stdout: report('moderate') })).exitCode).toBe(0);
  });

  it('fails for any other reason npm audit gives', () => {
    const noLockfile = judge(
      npm({ stdout: JSON.stringify({ error: { code: 'ENOLOCK', summary: 'requires a lockfile' } }) }),
    );
    expect(noLockfile).toEqual({ exitCode: 2, lines: ['audit failed: ENOLOCK: requires a lockfile'] });
  });
});

/**
 * The coverage map view of the branch list and the impact preview of the review step, in
 * the app against the in-process reference server (jsdom: no WebGL, so the map says it
 * cannot be drawn and the lists carry everything).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_REFERENCE_TIME, startTestServer } from '../support/server';

/**
 * A sentence on screen matching `pattern` as a reader reads it, whatever elements hold its
 * parts (names sit in their own `<bdi>`): the innermost element whose text matches.
 */
const sentence = (pattern: RegExp) => (_: string, element: Element | null) =>
  element !== null &&
  pattern.test(element.textContent ?? '') &&
  ![...element.children].some((child) => pattern.test(child.textContent ?? ''));
import {
  openEditor,
  putBranch,
  renderBranchApp,
  saveButton,
  zoneList,
  type TestServer,
} from './branch-support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ jobs: 200 });
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The service with only the documented endpoints: the branch extensions answer 404. */
const withoutBranchList: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  if ((init?.method ?? 'GET') === 'GET' && url.pathname.startsWith('/v1/branches')) {
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'not found' } }), {
      status: 404,
      headers: { 'Content-Type': 'application/json' },
    });
  }
  return fetch(input, init);
};

/** The service whose addresses carry no coordinates (jobs' stops keep a street line only). */
const withoutPositions: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = new URL(String(input));
  if (url.pathname !== '/v1/jobs' || !response.ok) return response;
  const body = (await response.json()) as {
    jobs: { pickups: { address: unknown }[]; deliveries: { address: unknown }[] }[];
  };
  for (const job of body.jobs)
    for (const stop of [...job.pickups, ...job.deliveries]) stop.address = { line1: '1 High Street' };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
};

describe('the coverage map view of the branch list', () => {
  it('opens from the list and back, lists every branch’s zones and dims an inactive branch', async () => {
    await putBranch(server, 'BER-01', { active: false });
    const user = userEvent.setup();
    const { history } = renderBranchApp({ server, path: '/branches' });
    await screen.findByRole('table', { name: 'Branches' });
    const views = screen.getByRole('group', { name: 'Show branches as' });
    await user.click(within(views).getByRole('button', { name: 'Coverage map' }));
    await waitFor(() => expect(history.location.search).toBe('?view=map'));
    const zonesHeading = await screen.findByRole('heading', { name: 'Zones by branch' }, { timeout: 15_000 });
    // The overlaps are measured after the zones are shown.
    await screen.findByText(
      /^\d+ zones of 8 branches \(1 inactive, dimmed\)\. No zones of different branches overlap\.$/,
    );
    const section = zonesHeading.closest('section')!;
    const berlin = [...section.querySelectorAll('details')].find((d) =>
      /\(BER-01\)/.test(d.querySelector('summary')!.textContent ?? ''),
    )!;
    expect(within(berlin).getByText('Inactive')).toBeInTheDocument();
    expect(
      within(berlin).getAllByRole('link', { name: /of Berlin .*\(BER-01\): open its editor$/, hidden: true })
        .length,
    ).toBeGreaterThan(0);
    // No WebGL here: the map's place says so, and what still works.
    await screen.findByText(/The lists beside it give every overlap and every zone\./, undefined, {
      timeout: 15_000,
    });

    await user.click(within(views).getByRole('button', { name: 'List' }));
    await waitFor(() => expect(history.location.search).toBe(''));
    await screen.findByRole('table', { name: 'Branches' });
    await putBranch(server, 'BER-01', { active: true });
  });

  it('offers to fix an overlap in either branch: its editor opens with that zone selected, the neighbour named and “Clip to neighbours” ready', async () => {
    // MAD-01 gets a zone over the east half of PAR-01's first zone.
    type Zones = {
      features: { id: string; properties: { name?: string }; geometry: { coordinates: number[][][] } }[];
    };
    const read = async (id: string) => {
      const res = await fetch(`${server.url}/v1/branches/${id}`, {
        headers: { Authorization: `Bearer ${server.token}` },
      });
      return ((await res.json()) as { branch: { delivery_zones: Zones } }).branch.delivery_zones;
    };
    const parZones = await read('PAR-01');
    const madZones = await read('MAD-01');
    const paris = parZones.features[0]!;
    const ring = paris.geometry.coordinates[0]!;
    const [w, e] = [Math.min(...ring.map((p) => p[0]!)), Math.max(...ring.map((p) => p[0]!))];
    const [s, n] = [Math.min(...ring.map((p) => p[1]!)), Math.max(...ring.map((p) => p[1]!))];
    const mid = (w + e) / 2;
    const annex = [
      [mid, s - 0.01],
      [e + 0.02, s - 0.01],
      [e + 0.02, n + 0.01],
      [mid, n + 0.01],
      [mid, s - 0.01],
    ];
    await putBranch(server, 'MAD-01', {
      delivery_zones: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            id: 'annex',
            properties: { name: 'Paris annex' },
            geometry: { type: 'Polygon', coordinates: [annex] },
          },
        ],
      },
    });
    try {
      const user = userEvent.setup();
      const { history } = renderBranchApp({ server, path: '/branches?view=map' });
      const overlaps = await screen.findByRole(
        'list',
        { name: 'Overlaps between branches' },
        { timeout: 15_000 },
      );
      const row = within(overlaps).getAllByRole('listitem')[0]!;
      const parisName = paris.properties.name ?? `Zone ${paris.id}`;
      const fixParis = within(row).getByRole('link', {
        name: new RegExp(
          `^Fix in Paris.*\\(PAR-01\\): open ${parisName} at its overlap with Madrid.* · Paris annex$`,
        ),
      });
      const fixMadrid = within(row).getByRole('link', {
        name: new RegExp(
          `^Fix in Madrid.*\\(MAD-01\\): open Paris annex at its overlap with Paris.* · ${parisName}$`,
        ),
      });
      expect(fixParis).toHaveTextContent(/^Fix in Paris/);
      expect(fixMadrid).toHaveTextContent(/^Fix in Madrid/);
      // Each names the zone and the overlap's bounds: within the zone's east half, where the annex is.
      const hrefOf = (link: HTMLElement) => new URL(link.getAttribute('href')!, 'http://app');
      const parisHref = hrefOf(fixParis);
      expect(parisHref.pathname).toBe('/branches/PAR-01');
      expect(parisHref.searchParams.get('zone')).toBe(paris.id);
      const focus = parisHref.searchParams.get('focus')!.split(',').map(Number);
      const [fw, fs, fe, fn] = focus as [number, number, number, number];
      expect(fw).toBeCloseTo(mid, 5);
      expect(fe).toBeCloseTo(e, 5);
      expect(fs >= s - 1e-6 && fn <= n + 1e-6 && fs < fn).toBe(true);
      expect(hrefOf(fixMadrid).pathname).toBe('/branches/MAD-01');
      expect(hrefOf(fixMadrid).searchParams.get('zone')).toBe('annex');
      expect(hrefOf(fixMadrid).searchParams.get('focus')).toBe(parisHref.searchParams.get('focus'));

      await user.click(fixMadrid);
      await waitFor(() => expect(history.location.pathname).toBe('/branches/MAD-01'));
      await openEditor(/Madrid/);
      const list = await zoneList();
      const annexRow = within(list)
        .getAllByRole('listitem')
        .find((li) => li.dataset.zoneKey === 'annex')!;
      expect(annexRow).toHaveAttribute('aria-current', 'true');
      // The neighbours named: Paris's zones the annex overlaps, the one of the overlap among them.
      const line = await screen.findByText(sentence(/^Paris annex overlaps Paris.* \(.*\): /), undefined, {
        timeout: 15_000,
      });
      expect(line.textContent).toContain(parisName);
      expect(line).toHaveTextContent(
        /: “Clip to neighbours” removes (that area|those areas) from Paris annex\.$/,
      );
      const clip = screen.getByRole('button', { name: 'Clip to neighbours' });
      expect(clip).not.toHaveAttribute('aria-disabled');
      await user.click(clip);
      await screen.findByText(sentence(/^Clipped Paris annex: .* removed\.$/));
      // No overlap is left to warn about or name (the annex stays far from Madrid's location).
      await waitFor(() => expect(within(list).queryByText(/overlaps zone/)).toBeNull());
      expect(screen.queryByText(sentence(/^Paris annex overlaps/))).toBeNull();
    } finally {
      await putBranch(server, 'MAD-01', { delivery_zones: madZones });
    }
  });

  it('without a list of branches, shows those seen in jobs and says the coverage is partial and why', async () => {
    renderBranchApp({ server, path: '/branches?view=map', fetch: withoutBranchList });
    await screen.findByText(/^Coverage is partial: this service does not list its branches/, undefined, {
      timeout: 15_000,
    });
    await screen.findByRole('heading', { name: 'Zones by branch' }, { timeout: 15_000 });
  });
});

describe('the impact preview of a zone change', () => {
  it('says in one line that the service gives no positions, changes its window, and never holds up the save', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TEST_REFERENCE_TIME * 1000);
    const requested: string[] = [];
    const recording: typeof fetch = (input, init) => {
      const url = new URL(String(input));
      if (url.pathname === '/v1/jobs' && url.searchParams.get('branch_id') === 'MAD-01')
        requested.push(url.searchParams.get('timestamp_from') ?? '');
      return withoutPositions(input, init);
    };
    const user = userEvent.setup();
    renderBranchApp({ server, path: '/branches/MAD-01', fetch: recording });
    await openEditor(/Madrid/);
    const list = await zoneList();
    await user.click(within(list).getAllByRole('button', { name: /^Delete / })[0]!);
    await user.click(saveButton());
    const review = await screen.findByRole('dialog', { name: 'Review changes' });
    const impact = within(review).getByRole('region', { name: 'Impact on recent deliveries' });
    await within(impact).findByText(
      /^None of the \d+ deliveries has a position: this service sends addresses without coordinates/,
      undefined,
      {
        timeout: 15_000,
      },
    );
    expect(within(review).getByRole('button', { name: /^Save 1 change$/ })).toBeEnabled();
    expect(requested).toContain(String(TEST_REFERENCE_TIME - 7 * 86_400));

    await user.click(within(impact).getByRole('button', { name: '30 days' }));
    // Deliveries and jobs said apart, the deliveries being what the tiles count.
    const said = await within(impact).findByText(
      /^\d+ deliver(y|ies) of \d+ jobs? created in the last 30 days\.$/,
      undefined,
      {
        timeout: 15_000,
      },
    );
    const tiles = within(within(impact).getByLabelText('Deliveries by where they fall'))
      .getAllByRole('definition')
      .reduce((sum, dd) => sum + Number(dd.textContent!.replace(/\D/g, '')), 0);
    expect(Number(/^\d+/.exec(said.textContent!)![0])).toBe(tiles);
    expect(requested).toContain(String(TEST_REFERENCE_TIME - 30 * 86_400));
    expect(within(impact).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows a failed read as an error with Retry, never as zeros', async () => {
    const user = userEvent.setup();
    const refusing: typeof fetch = (input, init) => {
      const url = new URL(String(input));
      if (url.pathname === '/v1/jobs' && url.searchParams.get('branch_id') === 'MAD-01')
        return Promise.resolve(
          Response.json(
            { error: { code: 'unavailable', message: 'Jobs are resting', details: [] } },
            { status: 400 },
          ),
        );
      return fetch(input, init);
    };
    renderBranchApp({ server, path: '/branches/MAD-01', fetch: refusing });
    await openEditor(/Madrid/);
    const list = await zoneList();
    await user.click(within(list).getAllByRole('button', { name: /^Delete / })[0]!);
    await user.click(saveButton());
    const review = await screen.findByRole('dialog', { name: 'Review changes' });
    const impact = within(review).getByRole('region', { name: 'Impact on recent deliveries' });
    await within(impact).findByText(/^Could not read the branch’s jobs: .*Jobs are resting/, undefined, {
      timeout: 15_000,
    });
    expect(within(impact).getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(within(impact).queryByLabelText('Deliveries by where they fall')).not.toBeInTheDocument();
    expect(within(impact).queryByText('No deliveries in this window.')).not.toBeInTheDocument();
  });
});

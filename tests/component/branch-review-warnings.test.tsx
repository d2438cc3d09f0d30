/**
 * The warnings of the review before a save, against the in-process server: zones far from the
 * branch and overlapping another branch's zones, the location outside the zones, named by zone
 * as the zone list beside the map shows them; Save with N warnings asks once to confirm; without
 * warnings, a plain save. (Hours that end before they start: branch-editor-save.test.tsx.)
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getBranch } from '../support/branches';
import { square } from '../support/geo';
import {
  zoneMapSuite,
  openEditor,
  putBranch,
  renderBranchApp,
  reviewAndSave,
  saveButton,
  zoneList,
} from './branch-support';

const suite = zoneMapSuite();

/** The review's list of warnings, each item as text. */
function reviewWarnings(review: HTMLElement): string[] {
  const list = within(review).queryByRole('list', { name: /^\d+ warnings?$/ });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent ?? '')
    : [];
}

describe('the review of a save with warnings', () => {
  it('lists a zone far from the branch and its overlap with another branch’s zone, as the editor counts them, and saves once confirmed', async () => {
    const user = userEvent.setup();
    // A London zone on the Manchester branch, over LDN-01's location (inside its "Central").
    const london = (await getBranch(suite(), 'LDN-01'))!.coordinates;
    const manchester = (await getBranch(suite(), 'MAN-01'))!;
    const own = manchester.delivery_zones!.features;
    await putBranch(suite(), 'MAN-01', {
      delivery_zones: {
        type: 'FeatureCollection',
        features: [
          ...own,
          {
            type: 'Feature',
            id: 'man-01-shoreditch',
            properties: { name: 'Shoreditch' },
            geometry: {
              type: 'Polygon',
              coordinates: [square(london.longitude - 0.005, london.latitude - 0.005, 0.01)],
            },
          },
        ],
      },
    });
    const number = own.length + 1;

    renderBranchApp({ server: suite(), path: '/branches/MAN-01' });
    await openEditor('Manchester');
    const list = await zoneList();
    // The editor warns (once the other branches' zones are in).
    await waitFor(() =>
      expect(within(list).getByRole('list', { name: 'Warnings of Shoreditch' })).toHaveTextContent(
        /overlaps zone "Central" of branch "LDN-01"/,
      ),
    );
    const editorCount = Number(
      /^(\d+) warnings?$/.exec(within(list).getByText(/^\d+ warnings?$/).textContent!)![1],
    );
    expect(editorCount).toBeGreaterThanOrEqual(2);

    // Any change to the zones sends them all: here a name.
    await user.type(within(list).getByLabelText(`Name of zone ${number}`), ' (London)');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    const review = await screen.findByRole('dialog', { name: 'Review changes' });
    const items = reviewWarnings(review);
    expect(items).toHaveLength(editorCount);
    const subject = `Zone ${number} (Shoreditch (London))`;
    expect(items).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${escape(subject)}: Zone "Shoreditch \\(London\\)" overlaps zone "Central" of branch "LDN-01": `,
        ),
      ),
    );
    expect(items).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${escape(subject)}: Zone "Shoreditch \\(London\\)" is 2\\d\\d km from the branch location at its nearest edge; zones are expected within 50 km\\.`,
        ),
      ),
    );
    expect(review).toHaveAccessibleDescription(
      `1 change to branch MAN-01, with ${editorCount} warnings. Only the fields listed are sent; everything else stays as it is on the server.`,
    );

    // The first press asks; Escape leaves the review open and nothing saved.
    const label = `Save with ${editorCount} warnings`;
    await user.click(within(review).getByRole('button', { name: label }));
    const confirm = await screen.findByRole('alertdialog', { name: `${label}?` });
    expect(confirm).toHaveTextContent(`The ${editorCount} warnings listed in the review stay as they are.`);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Review changes' })).toBeInTheDocument();
    expect((await getBranch(suite(), 'MAN-01'))!.delivery_zones!.features[number - 1]!.properties.name).toBe(
      'Shoreditch',
    );

    await user.click(within(review).getByRole('button', { name: label }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: `${label}?` })).getByRole('button', {
        name: label,
      }),
    );
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect((await getBranch(suite(), 'MAN-01'))!.delivery_zones!.features[number - 1]!.properties.name).toBe(
      'Shoreditch (London)',
    );
  });

  it('lists the branch location outside its zones when the location moves away from them', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server: suite(), path: '/branches/DXB-01' });
    await openEditor('Dubai');
    const list = await zoneList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1); // the seed's one zone
    const lat = screen.getByLabelText('Latitude');
    // About 17 km north: outside every zone, none of them far.
    const moved = (Number((lat as HTMLInputElement).value) + 0.15).toFixed(4);
    await user.clear(lat);
    await user.type(lat, moved);
    await waitFor(() =>
      expect(within(list).getByRole('list', { name: 'Warnings about the zones' })).toHaveTextContent(
        /^The branch location is outside/,
      ),
    );

    const review = await reviewAndSave(user, [], { warnings: 1 });
    expect(reviewWarnings(review)).toEqual([
      'Branch location: The branch location is outside its zone. Check the location, or draw a zone around it.',
    ]);
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect((await getBranch(suite(), 'DXB-01'))!.coordinates.latitude).toBe(Number(moved));
  });
});

describe('the review of open warnings whatever the save changes', () => {
  it('lists the overlaps of zones the save does not touch, and asks to confirm a rename', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server: suite(), path: '/branches/PAR-01' });
    await openEditor('Paris');
    const list = await zoneList();
    // The seed's zones of this branch overlap each other: the editor warns.
    await waitFor(() => expect(within(list).getByText('2 warnings')).toBeInTheDocument());
    const name = screen.getByLabelText('Name', { selector: 'input[name="name"]' });
    await user.clear(name);
    await user.type(name, 'Paris Bastille');

    const review = await reviewAndSave(user, [], { warnings: 2 });
    expect(reviewWarnings(review)).toEqual([
      expect.stringMatching(/^Zone \d \(.+\): Zones ".+" and ".+" overlap: /),
      expect.stringMatching(/^Zone \d \(.+\): Zones ".+" and ".+" overlap: /),
    ]);
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect((await getBranch(suite(), 'PAR-01'))!.name).toBe('Paris Bastille');
  });

  it('is a plain "Save N changes" for a branch without warnings', async () => {
    const user = userEvent.setup();
    renderBranchApp({ server: suite(), path: '/branches/MAD-01' });
    await openEditor('Madrid');
    const list = await zoneList();
    await waitFor(() => expect(within(list).getByText('All valid')).toBeInTheDocument());
    const name = screen.getByLabelText('Name', { selector: 'input[name="name"]' });
    await user.type(name, ' Marina');
    await user.click(saveButton());
    const review = await screen.findByRole('dialog', { name: 'Review changes' });
    expect(reviewWarnings(review)).toEqual([]);
    expect(within(review).queryByRole('button', { name: /warning/ })).toBeNull();
    await user.click(within(review).getByRole('button', { name: 'Save 1 change' }));
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

/** `text` as a regular expression that matches it literally. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

import { msg, plural } from '@lingui/core/macro';
import { isApiError } from '../../../api';
import { i18n } from '../../../i18n';
import type { BranchPatch, ErrorDetail } from '../../../contract';
import { errorMessage } from '../../../lib/error-message';
import type { ZonesErrors } from '../editor/ZonesSection';

/** The branch was not found under its id just before saving (renamed or deleted elsewhere). */
export class BranchGoneError extends Error {
  constructor(readonly branchId: string) {
    super(
      i18n._(
        msg`Branch ${branchId} is no longer on the server under this id: it may have been renamed or deleted by someone else.`,
      ),
    );
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the error's class name, for code
    this.name = 'BranchGoneError';
  }
}

export type FormBanner = {
  tone: 'danger' | 'warning' | 'info';
  title: string;
  message?: string;
  lines?: string[];
  /** The same request can be sent again as it is (the network or the service failed). */
  retry?: boolean;
};

/** What the form shows for a save that did not go through. */
export type SaveErrorView = {
  /** Errors on form fields, by react-hook-form path (`contacts.1.phone`). */
  fields: { field: string; message: string }[];
  /** The service's verdicts on the zones (none: the last ones no longer hold). */
  zones?: ZonesErrors;
  /** The field to focus. */
  focus?: string;
  banner: FormBanner | null;
};

// ---------------------------------------------------------------------------------------
// Error detail paths -> form fields
// ---------------------------------------------------------------------------------------

export type MappedDetail =
  | { kind: 'field'; field: string; message: string }
  | { kind: 'zone'; index: number | null; message: string }
  | { kind: 'other'; path: string; message: string };

const SIMPLE_FIELDS = new Set([
  'id',
  'name',
  'active',
  'formatted_address',
  'coordinates.latitude',
  'coordinates.longitude',
]);
const CONTACT_LEAVES = new Set(['name', 'phone', 'work_timings.from', 'work_timings.to', 'work_days']);

/**
 * Where an error detail belongs in the form. `branch.contacts.0.name` -> field
 * `contacts.0.name`; zone paths -> the zones section (with the zone's index when given);
 * anything else -> the banner.
 */
export function mapDetailPath(path: string, message: string, contactCount: number): MappedDetail {
  const p = path.replace(/^body\./, '').replace(/^branch\.?/, '');
  if (SIMPLE_FIELDS.has(p)) return { kind: 'field', field: p, message };
  if (p === 'coordinates') return { kind: 'field', field: 'coordinates.latitude', message };
  if (p.startsWith('delivery_zones')) {
    const m = /^delivery_zones\.features\.(\d+)/.exec(p);
    return { kind: 'zone', index: m ? Number(m[1]) : null, message };
  }
  const c = /^contacts\.(\d+)(?:\.(.+))?$/.exec(p);
  if (c) {
    const index = Number(c[1]);
    if (index < contactCount) {
      let leaf = c[2] ?? 'name';
      if (/^work_days\.\d+$/.test(leaf)) leaf = 'work_days';
      if (leaf === 'work_timings') leaf = 'work_timings.from';
      if (CONTACT_LEAVES.has(leaf)) return { kind: 'field', field: `contacts.${index}.${leaf}`, message };
    }
  }
  if (p === 'contacts') return { kind: 'field', field: 'contacts', message };
  return { kind: 'other', path, message };
}

/** Details spread over the fields, the zones, and lines for the banner (the rest). */
function placeDetails(details: readonly ErrorDetail[], contactCount: number) {
  const fields: SaveErrorView['fields'] = [];
  const zones: ZonesErrors = {};
  const others: string[] = [];
  for (const d of details) {
    const m = mapDetailPath(d.path, d.message, contactCount);
    if (m.kind === 'field') fields.push({ field: m.field, message: m.message });
    else if (m.kind === 'zone') {
      if (m.index === null) zones.message = m.message;
      else zones.byIndex = { ...zones.byIndex, [m.index]: m.message };
    } else {
      const path = d.path || i18n._(msg`request`);
      const message = d.message;
      others.push(i18n._(msg`${path}: ${message}`));
    }
  }
  // A contacts list as a whole is not focusable: focus goes to the first other field.
  const focus = fields.find((f) => f.field !== 'contacts')?.field;
  return { fields, zones: zones.message || zones.byIndex ? zones : undefined, others, focus };
}

/** A body the contract refuses before anything is sent: its problems on their fields. */
export function unsendableView(details: readonly ErrorDetail[], contactCount: number): SaveErrorView {
  const { others, ...placed } = placeDetails(details, contactCount);
  return {
    ...placed,
    banner: others.length
      ? { tone: 'danger', title: i18n._(msg`These changes cannot be sent`), lines: others }
      : null,
  };
}

/** A message as a sentence, to be followed by others: the service's often end without a full stop. */
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/**
 * What the form shows for a failed save of `patch`: the service's error details on their
 * fields, a taken id on the id, and a banner that says what happened and whether the edits
 * can be sent again as they are (a 403: the service's word on who may save it, no Retry). Null for a refused token or a cancelled request: the app
 * takes the manager to sign in, and the draft keeps the edits.
 */
export function saveErrorView(
  error: unknown,
  patch: BranchPatch,
  contactCount: number,
): SaveErrorView | null {
  const notSaved = (message: string): SaveErrorView => ({
    fields: [],
    banner: { tone: 'danger', title: i18n._(msg`Not saved`), message },
  });
  if (error instanceof BranchGoneError) {
    const gone = error.message;
    return notSaved(i18n._(msg`${gone} Your edits are kept in this browser.`));
  }
  if (!isApiError(error)) return notSaved(errorMessage(error));
  if (error.kind === 'unauthorized' || error.kind === 'aborted') return null;

  const { fields, zones, others, focus } = placeDetails(error.details, contactCount);
  const mapped = error.details.length - others.length;
  const said = sentence(error.message);
  const newId = patch.id ?? '';
  const view: SaveErrorView = { fields, zones, focus, banner: null };
  if (
    error.status === 409 &&
    patch.id !== undefined &&
    !error.details.some((d) => /(^|\.)id$/.test(d.path))
  ) {
    view.fields = [
      ...fields,
      { field: 'id', message: i18n._(msg`A branch with id ${newId} already exists. Choose another id.`) },
    ];
    view.focus = 'id';
  }
  if (error.kind === 'contract' && error.status !== null && error.status < 300) {
    // The service accepted the request but answered in a shape we cannot read: the save may
    // well have landed. Saving again is on the condition of the version loaded (If-Match, or
    // the updated_at check).
    view.banner = {
      tone: 'danger',
      title: i18n._(msg`The save may have gone through`),
      message: i18n._(
        msg`${said} Your edits are kept. Reload the branch to see what the service holds, or review and save again.`,
      ),
    };
  } else if (error.kind === 'http' && error.status === 403) {
    // This sign-in may not change the branch (no write permission, or another manager's
    // branch), or not rename it to that id: the service's message says who may. Sending it
    // again cannot help, so no Retry; the draft, written before the save, keeps the edits.
    const renaming = patch.id !== undefined && fields.some((f) => f.field === 'id');
    view.banner = {
      tone: 'danger',
      title: renaming
        ? i18n._(msg`You may not rename this branch to ${newId}`)
        : i18n._(msg`You may not save this branch`),
      message: i18n._(msg`${said} Your edits are kept as a draft in this browser.`),
      lines: others,
    };
  } else if (error.retryable) {
    view.banner = {
      tone: 'danger',
      title: i18n._(msg`Not saved`),
      message: i18n._(msg`${said} Your edits are kept; try again when the connection is back.`),
      retry: true,
    };
  } else {
    view.banner = {
      tone: 'danger',
      title:
        error.status === 409
          ? i18n._(msg`Not saved: the id is taken`)
          : i18n._(msg`Not saved: the service refused the changes`),
      message:
        mapped > 0
          ? plural(mapped, {
              one: `${said} One problem is shown next to the fields.`,
              other: `${said} # problems are shown next to the fields.`,
            })
          : said,
      lines: others,
    };
  }
  return view;
}

/**
 * The editor's files and notices: a zones file read and planned off the main thread, offered,
 * then added (one undo step) or not; the zones exported; and the notice that tells an action's
 * outcome (an import's, a clip's), good news fading after a while, problems kept until
 * dismissed. Owned by the controller (controller.ts), which it reaches through `FileFlowHost`.
 */
import { msg, plural } from '@lingui/core/macro';
import { defaultZoneId } from '../geo';
import { i18n } from '../i18n';
import { downloadFile } from '../ui';
import type { ImportInput, ImportOffer } from './import-plan';
import type { ZoneCollection } from './types';
import { answerZonesFile } from './zone-file-answer';
import { zonesFile } from './zone-files';
import { appendZones, zonesBounds } from './zone-ops';

const NOTICE_MS = 10_000;

/** What the editor tells after an action: the outcome (`title`), why (`message`), what the file
 * holds (`items`) and what was changed on the way (`notes`); lists are shown a few at a time. */
export type Notice = {
  tone: 'info' | 'danger';
  title: string;
  message?: string;
  items?: string[];
  notes?: string[];
};

/** An operation's outcome (an import, a clip) as a notice: good news, or a problem. */
export function noticeOf({ ok, ...notice }: Omit<Notice, 'tone'> & { ok: boolean }): Notice {
  return { tone: ok ? 'info' : 'danger', ...notice };
}

/** What the flow needs of the editor. */
export type FileFlowHost = {
  /** What a file is planned against: the zones now, the limits, the neighbours, the pin. */
  input(): ImportInput;
  exportName(): string;
  /** Nothing is changed while the editor is read-only. */
  readOnly(): boolean;
  /** The editor is still mounted. */
  connected(): boolean;
  /** Commits the zones as one undo step, leaving special modes, and shows the bounds. */
  add(zones: ZoneCollection, bounds: ReturnType<typeof zonesBounds>): void;
  /** The state changed: render again. */
  changed(): void;
};

export class ZoneFileFlow {
  notice: Notice | null = null;
  /** The name of the zones file being read, until its answer. */
  reading: string | null = null;
  /** What a file read would add, until the manager adds it or not. */
  offer: ImportOffer | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: FileFlowHost) {}

  setNotice = (notice: Notice | null): void => {
    clearTimeout(this.timer);
    this.notice = notice;
    // Good news floats over the map for a while; problems stay until dismissed.
    if (notice?.tone === 'info') this.timer = setTimeout(() => this.setNotice(null), NOTICE_MS);
    this.host.changed();
  };

  /** Stops the notice's timer (the editor unmounts). */
  stop(): void {
    clearTimeout(this.timer);
  }

  /**
   * Reads a zones file (off the main thread) and offers what it would add, or says why it
   * cannot be added; nothing changes until `addOffer`.
   */
  importFile = async (file: File): Promise<void> => {
    if (this.host.readOnly()) return;
    this.reading = file.name;
    this.offer = null;
    this.setNotice(null);
    const plan = await answerZonesFile(file, this.host.input());
    if (!this.host.connected() || this.reading !== file.name) return;
    this.reading = null;
    if (plan.kind === 'refused') {
      const { title, message, items } = plan;
      this.setNotice(noticeOf({ ok: false, title, message, ...(items ? { items } : {}) }));
    } else {
      this.offer = plan;
      this.host.changed();
    }
  };

  /** Adds the offered zones (one undo step) and shows them. */
  addOffer = (): void => {
    const offer = this.offer;
    if (!offer || this.host.readOnly()) return;
    this.offer = null;
    const { existing } = this.host.input();
    this.host.add(appendZones(existing, offer.features, defaultZoneId).value, zonesBounds(offer.features));
    const count = offer.features.length;
    const fileName = offer.fileName;
    this.setNotice(
      noticeOf({
        ok: true,
        title: offer.simplified
          ? i18n._(
              msg`Imported ${plural(count, { one: '# zone', other: '# zones' })} from ${fileName}, simplified to fit.`,
            )
          : i18n._(msg`Imported ${plural(count, { one: '# zone', other: '# zones' })} from ${fileName}.`),
        notes: offer.notes,
      }),
    );
  };

  dismissOffer = (): void => {
    this.offer = null;
    this.host.changed();
  };

  /** Downloads the zones as a GeoJSON or a KML file. */
  exportZones = async (format: 'geojson' | 'kml'): Promise<void> => {
    const file = await zonesFile(this.host.input().existing, this.host.exportName(), format);
    downloadFile(file.name, [file.text], file.type);
  };
}

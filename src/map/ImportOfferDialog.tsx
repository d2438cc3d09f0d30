import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../ui';
import { i18n } from '../i18n';
import { Modal } from '../ui/Modal';
import { CappedList } from './EditorNotice';
import type { ImportOffer } from './import-plan';
import s from './ZoneEditor.module.css';
import { formatCount, numberFormat } from '../lib/count';
import { warningText } from './geo-messages';

/** "about 12 m", "about 1.4 km": how far a simplified border strays from the file's at most. */
function distance(metres: number): string {
  if (metres < 1) return i18n._(msg`under a metre`);
  if (metres < 1000) {
    const m = formatCount(Math.round(metres));
    return i18n._(msg`about ${m} m`);
  }
  const km = numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(metres / 1000);
  return i18n._(msg`about ${km} km`);
}

/** What a zones file would add (zones, corners, warnings, problems), to add or not. */
export function ImportOfferDialog({
  offer,
  onAdd,
  onCancel,
}: {
  offer: ImportOffer | null;
  onAdd: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const zones = offer?.features.length ?? 0;
  const fileName = offer?.fileName ?? '';
  const before = offer?.simplified?.before ?? 0;
  const after = formatCount(offer?.corners ?? 0);
  const corners = offer?.corners ?? 0;
  const moved = offer?.simplified ? distance(offer.simplified.displacementM) : '';
  const invalid = offer?.invalid ?? 0;
  const warnings = offer?.warnings.length ?? 0;
  return (
    <Modal
      open={offer !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={offer ? t`Add zones from ${fileName}?` : ''}
      description={
        offer &&
        (offer.simplified
          ? t`${plural(zones, { one: '# zone', other: '# zones' })}, simplified to fit this branch: ${plural(before, { one: '# corner', other: '# corners' })} in the file, ${after} after; borders move ${moved} at most, and borders the zones share stay shared.`
          : t`${plural(zones, { one: '# zone', other: '# zones' })} with ${plural(corners, { one: '# corner', other: '# corners' })}.`)
      }
      actions={
        <>
          <Button onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="primary" onClick={onAdd}>
            {offer?.simplified
              ? t`Add ${plural(zones, { one: '# simplified zone', other: '# simplified zones' })}`
              : t`Add ${plural(zones, { one: '# zone', other: '# zones' })}`}
          </Button>
        </>
      }
    >
      {offer && offer.invalid > 0 && (
        <p>
          <Plural
            value={invalid}
            one="# zone has problems to fix before saving (shown in red on the map once added)."
            other="# zones have problems to fix before saving (shown in red on the map once added)."
          />
        </p>
      )}
      {offer && offer.warnings.length === 0 && (
        <p>
          <Trans>No warnings: no overlaps and no zone far from the branch.</Trans>
        </p>
      )}
      {offer && offer.warnings.length > 0 && (
        <>
          <p>
            <Plural value={warnings} one="# warning once added:" other="# warnings once added:" />
          </p>
          <ul className={s.offerList}>
            {offer.warnings.map((w, i) => (
              <li key={`${i}:${w.code}`}>{warningText(w)}</li>
            ))}
          </ul>
        </>
      )}
      {offer && <CappedList items={offer.notes} />}
    </Modal>
  );
}

import { Button } from '../ui';
import { Modal } from '../ui/Modal';
import { CappedList } from './EditorNotice';
import type { ImportOffer } from './import-plan';
import s from './ZoneEditor.module.css';
import { countOf, formatCount } from '../lib/count';

/** "about 12 m", "about 1.4 km": how far a simplified border strays from the file's at most. */
function distance(metres: number): string {
  if (metres < 1) return 'under a metre';
  if (metres < 1000) return `about ${Math.round(metres)} m`;
  return `about ${(metres / 1000).toFixed(1)} km`;
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
  const zones = offer?.features.length ?? 0;
  return (
    <Modal
      open={offer !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={offer ? `Add zones from ${offer.fileName}?` : ''}
      description={
        offer &&
        (offer.simplified
          ? `${countOf(zones, 'zone', 'zones')}, simplified to fit this branch: ${countOf(offer.simplified.before, 'corner', 'corners')} in the file, ${formatCount(offer.corners)} after; borders move ${distance(offer.simplified.displacementM)} at most, and borders the zones share stay shared.`
          : `${countOf(zones, 'zone', 'zones')} with ${countOf(offer.corners, 'corner', 'corners')}.`)
      }
      actions={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="primary" onClick={onAdd}>
            {offer?.simplified
              ? `Add ${countOf(zones, 'simplified zone', 'simplified zones')}`
              : `Add ${countOf(zones, 'zone', 'zones')}`}
          </Button>
        </>
      }
    >
      {offer && offer.invalid > 0 && (
        <p>
          {countOf(offer.invalid, 'zone has', 'zones have')} problems to fix before saving (shown in red on
          the map once added).
        </p>
      )}
      {offer && offer.warnings.length === 0 && (
        <p>No warnings: no overlaps and no zone far from the branch.</p>
      )}
      {offer && offer.warnings.length > 0 && (
        <>
          <p>{countOf(offer.warnings.length, 'warning', 'warnings')} once added:</p>
          <ul className={s.offerList}>
            {offer.warnings.map((w, i) => (
              <li key={`${i}:${w}`}>{w}</li>
            ))}
          </ul>
        </>
      )}
      {offer && <CappedList items={offer.notes} />}
    </Modal>
  );
}

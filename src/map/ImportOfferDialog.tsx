import { Button } from '../ui';
import { Modal } from '../ui/Modal';
import { CappedList } from './EditorNotice';
import type { ImportOffer } from './import-plan';
import s from './ZoneEditor.module.css';

const count = (n: number, singular: string, pluralForm = `${singular}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? singular : pluralForm}`;

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
          ? `${count(zones, 'zone')}, simplified to fit this branch: ${count(offer.simplified.before, 'corner')} in the file, ${offer.corners.toLocaleString('en')} after; borders move ${distance(offer.simplified.displacementM)} at most, and borders the zones share stay shared.`
          : `${count(zones, 'zone')} with ${count(offer.corners, 'corner')}.`)
      }
      actions={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="primary" onClick={onAdd}>
            {offer?.simplified ? `Add ${count(zones, 'simplified zone')}` : `Add ${count(zones, 'zone')}`}
          </Button>
        </>
      }
    >
      {offer && offer.invalid > 0 && (
        <p>
          {count(offer.invalid, 'zone has', 'zones have')} problems to fix before saving (shown in red on the
          map once added).
        </p>
      )}
      {offer && offer.warnings.length === 0 && (
        <p>No warnings: no overlaps and no zone far from the branch.</p>
      )}
      {offer && offer.warnings.length > 0 && (
        <>
          <p>{count(offer.warnings.length, 'warning')} once added:</p>
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

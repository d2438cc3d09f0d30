import type { ZoneCollection } from '../../../contract';
import type { BranchFormValues } from './form-model';

/**
 * The zones as the form holds them: the same collection, as an instance of a class.
 * react-hook-form deep-copies the plain objects and arrays of all the values for every change
 * of a field that anything subscribes to by value, and on each reset; it keeps an instance of a
 * class as it is. The action bar and the draft writer hear every change, so without this each
 * key typed in Name would copy every zone and corner (bench: editor_typing_ms). Nothing is
 * lost by sharing: zones are values here, an edit makes a new collection (src/map). It serialises, compares and reads as the plain one.
 * Values enter the form as such in `toFormValues`, from the map's edits and from `readDraft`
 * (plain JSON from storage); `rebase` and resets pass them on by reference.
 * A module of its own, without imports at run time: draft.ts, which the app shell and the
 * branch list import, needs it without the form model.
 */
class FormZones {
  constructor(zones: ZoneCollection) {
    Object.assign(this, zones);
  }
}

export function formZones(zones: ZoneCollection): ZoneCollection {
  return zones instanceof FormZones ? zones : (new FormZones(zones) as unknown as ZoneCollection);
}

/** `values` with their zones as the form holds them (see `formZones`), e.g. a draft read back. */
export function withFormZones(values: BranchFormValues): BranchFormValues {
  return { ...values, delivery_zones: formZones(values.delivery_zones) };
}

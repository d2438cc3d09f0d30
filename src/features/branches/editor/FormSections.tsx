import { useCallback, useMemo, useState, type ClipboardEvent } from 'react';
import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Field, inputClass } from '../../../ui';
import { formatCount } from '../../../lib/count';
import { MAX_LATITUDE, MAX_LONGITUDE } from '../../../contract';
import { formZones, parseCoordinatePair, pinOf, type BranchFormValues } from '../form/form-model';
import type { MapPin, MapPoints } from '../../../map';
import { ZonesSection, type ZonesErrors } from './ZonesSection';
import s from '../branches.module.css';

/*
 * The sections of the branch form whose fields are plain inputs or the zone map: Identity,
 * Location, Delivery zones (Contacts, a field array, is ContactsField.tsx). Each reads and
 * writes the form through its context.
 */

export function IdentitySection({ originalId, onChangeId }: { originalId: string; onChangeId: () => void }) {
  const { t } = useLingui();
  const { register, control, setValue } = useFormContext<BranchFormValues>();
  // `disabled`: the form is read-only (useForm's own), so there is no rename either.
  const { errors, disabled } = useFormState({ control, name: ['id', 'name', 'active'] });
  const id = useWatch<BranchFormValues, 'id'>({ name: 'id' });
  const renamed = id !== originalId;
  return (
    <section className={s.card} aria-labelledby="identity-title">
      <div className={s.cardHeader}>
        <h2 id="identity-title" className={s.cardTitle}>
          <Trans>Identity</Trans>
        </h2>
      </div>
      <div className={s.inline} style={{ alignItems: 'flex-start' }}>
        <Field
          className={s.inlineGrow}
          label={t`Id`}
          error={errors.id?.message}
          hint={
            renamed ? (
              <>
                <Trans>
                  Was <code>{originalId}</code>: saving renames the branch.
                </Trans>{' '}
              </>
            ) : (
              t`Used in links and job filters`
            )
          }
        >
          <input className={`${inputClass} ${s.mono}`} readOnly {...register('id')} />
        </Field>
        {!disabled && (
          <div className={s.inline} style={{ marginTop: 22 }}>
            <Button onClick={onChangeId}>
              <Trans>Change id…</Trans>
            </Button>
            {renamed && (
              <Button
                variant="ghost"
                onClick={() => setValue('id', originalId, { shouldDirty: true, shouldValidate: true })}
                aria-label={t`Undo id change (back to ${originalId})`}
              >
                <Trans>Undo</Trans>
              </Button>
            )}
          </div>
        )}
      </div>
      <Field label={t`Name`} error={errors.name?.message}>
        <input className={inputClass} autoComplete="off" {...register('name')} />
      </Field>
      <label className={s.checkRow}>
        <input type="checkbox" {...register('active')} />
        <Trans>Active</Trans>
      </label>
    </section>
  );
}

/**
 * Latitude and longitude are text fields holding decimal degrees. The map pin of the zone
 * editor writes the same fields: `setValue('coordinates.latitude', lat.toFixed(6), { shouldDirty: true,
 * shouldValidate: true })` (and longitude); everything else (diff, draft, body) follows.
 */
export function LocationSection() {
  const { t } = useLingui();
  const maxLatitude = formatCount(MAX_LATITUDE);
  const maxLongitude = formatCount(MAX_LONGITUDE);
  const { register, control, setValue } = useFormContext<BranchFormValues>();
  const { errors } = useFormState({ control, name: ['coordinates', 'formatted_address'] });
  // Pasting "51.5072, -0.1276" into latitude fills both fields.
  const onPastePair = (e: ClipboardEvent<HTMLInputElement>) => {
    const pair = parseCoordinatePair(e.clipboardData.getData('text'));
    if (!pair) return;
    e.preventDefault();
    setValue('coordinates.latitude', pair[0], { shouldDirty: true, shouldValidate: true, shouldTouch: true });
    setValue('coordinates.longitude', pair[1], {
      shouldDirty: true,
      shouldValidate: true,
      shouldTouch: true,
    });
  };
  return (
    <section className={s.card} aria-labelledby="location-title">
      <div className={s.cardHeader}>
        <h2 id="location-title" className={s.cardTitle}>
          <Trans>Location</Trans>
        </h2>
      </div>
      <div className={s.row2}>
        <Field
          label={t`Latitude`}
          error={errors.coordinates?.latitude?.message}
          hint={t`Decimal degrees, −${maxLatitude} to ${maxLatitude} (a decimal comma is fine)`}
        >
          <input
            className={`${inputClass} num`}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            onPaste={onPastePair}
            {...register('coordinates.latitude')}
          />
        </Field>
        <Field
          label={t`Longitude`}
          error={errors.coordinates?.longitude?.message}
          hint={t`Decimal degrees, −${maxLongitude} to ${maxLongitude}`}
        >
          <input
            className={`${inputClass} num`}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            {...register('coordinates.longitude')}
          />
        </Field>
      </div>
      <Field label={t`Formatted address`} error={errors.formatted_address?.message}>
        <textarea
          className={inputClass}
          rows={2}
          style={{ resize: 'vertical' }}
          {...register('formatted_address')}
        />
      </Field>
    </section>
  );
}

export function ZonesField({
  branchId,
  serverErrors,
  onEdited,
  points,
}: {
  branchId: string;
  serverErrors: ZonesErrors | undefined;
  onEdited: () => void;
  /** Points shown on the zone map (the impact preview's deliveries). */
  points?: MapPoints | null;
}) {
  const { t } = useLingui();
  const { control, trigger, setValue } = useFormContext<BranchFormValues>();
  const coordinates = useWatch<BranchFormValues, 'coordinates'>({ name: 'coordinates' });
  const { errors } = useFormState({ control, name: 'coordinates' });
  const at = pinOf(coordinates);
  const [lon, lat] = at ?? [null, null];
  // The same array while the position stays the same (the map compares pins by reference).
  const typed = useMemo<[number, number] | null>(
    () => (lon !== null && lat !== null ? [lon, lat] : null),
    [lon, lat],
  );
  // While a field does not hold a valid position, the pin stays where the last valid one was,
  // and the map says why (the field itself shows its error).
  const [lastValid, setLastValid] = useState(typed);
  if (typed && typed !== lastValid) setLastValid(typed);
  const pin = typed ?? lastValid;
  const fieldError = errors.coordinates?.latitude?.message ?? errors.coordinates?.longitude?.message;
  const why = fieldError ?? t`The location fields do not hold a valid position`;
  const pinNote = typed || !lastValid ? undefined : t`${why}: the pin stays at the last valid location.`;
  // The pin writes the text fields (6 decimals), as typing would; diff, draft and body follow.
  // Undoing the first placement of a pin empties them again.
  const onPinChange = useCallback(
    (at: MapPin | null) => {
      const options = { shouldDirty: true, shouldValidate: true, shouldTouch: true } as const;
      setValue('coordinates.latitude', at ? at.latitude.toFixed(6) : '', options);
      setValue('coordinates.longitude', at ? at.longitude.toFixed(6) : '', options);
    },
    [setValue],
  );
  return (
    <Controller
      control={control}
      name="delivery_zones"
      render={({ field }) => (
        <ZonesSection
          branchId={branchId}
          // The form is read-only (useForm's `disabled` reaches its Controllers): the map shows
          // the zones and the pin, without its editing tools.
          readOnly={field.disabled === true}
          value={field.value}
          onChange={(fc) => {
            field.onChange(formZones(fc));
            onEdited();
            void trigger('delivery_zones');
          }}
          // The zones' own problems are shown by the editor on each zone (and block Save through
          // the form schema); these are the service's verdicts from the last save.
          errors={serverErrors}
          pin={pin}
          pinNote={pinNote}
          onPinChange={field.disabled ? undefined : onPinChange}
          points={points}
        />
      )}
    />
  );
}

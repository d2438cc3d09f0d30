import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { parseGeoJsonImport, validateZones, zoneWarnings, type GeoIssue } from '../../geo';
import { Banner, Button, inputClass } from '../../ui';
import type { ZoneCollection } from './form-model';
import s from './branches.module.css';

export type ZoneFeature = ZoneCollection['features'][number];

/** Errors the form puts on the zones: one for the whole collection, others per zone index. */
export type ZonesErrors = { message?: string; byIndex?: Record<number, string> };

type PendingImport = { fileName: string; features: ZoneFeature[]; notes: string[] };

function km2(value: number | null): string {
  if (value === null) return '—';
  return value < 10 ? `${value.toFixed(2)} km²` : `${value.toFixed(1)} km²`;
}

function zoneNameOf(f: ZoneFeature): string {
  const name = f.properties?.name;
  return typeof name === 'string' ? name : '';
}

/** MultiPolygon zones are valid input: they are split into one zone per part when saved. */
function blockingIssues(feature: ZoneFeature, issues: GeoIssue[]): GeoIssue[] {
  if (feature.geometry?.type === 'MultiPolygon') return issues.filter((i) => i.code !== 'not_polygon');
  return issues;
}

/** The file's text (`Blob.text()` where available, FileReader elsewhere). */
function readFileText(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

function uniqueIds(existing: readonly ZoneFeature[], incoming: readonly ZoneFeature[]): ZoneFeature[] {
  const taken = new Set(existing.map((f) => String(f.id ?? '')));
  return incoming.map((f) => {
    const base = String(f.id ?? 'zone');
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return id === f.id ? f : { ...f, id };
  });
}

/**
 * The branch's delivery zones: a list with name, vertex count, area and problems, and import
 * of a GeoJSON file. Props are plain GeoJSON in, GeoJSON out, so the map editor can take this
 * place later without the form changing.
 */
export function ZonesSection({
  value,
  onChange,
  errors,
  pin,
}: {
  value: ZoneCollection;
  onChange: (fc: ZoneCollection) => void;
  errors?: ZonesErrors;
  /** The branch location `[lon, lat]`, to warn about zones far from it. */
  pin?: [number, number] | null;
}) {
  const fileRef = useRef<HTMLInputElement | null>(null);
  const importTitleId = useId();
  const [pendingImport, setPendingImport] = useState<PendingImport | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const reports = useMemo(() => validateZones(value), [value]);
  const warnings = useMemo(() => {
    try {
      return zoneWarnings(value, { pin: pin ?? null });
    } catch {
      return [];
    }
  }, [value, pin]);
  const total = reports.reduce((sum, r) => sum + (r.areaKm2 ?? 0), 0);
  const problemCount = reports.filter(
    (r, i) => blockingIssues(value.features[i]!, r.issues).length > 0,
  ).length;

  const setFeatures = (features: ZoneFeature[]) =>
    onChange({ ...value, type: 'FeatureCollection', features });

  const rename = (index: number, name: string) => {
    setFeatures(
      value.features.map((f, i) => {
        if (i !== index) return f;
        const properties = { ...(f.properties ?? {}) };
        if (name === '') delete properties.name;
        else properties.name = name;
        return { ...f, properties };
      }),
    );
  };

  const removeZone = (index: number) => setFeatures(value.features.filter((_, i) => i !== index));

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setImportError(null);
    setPendingImport(null);
    if (file.size > 20 * 1024 * 1024) {
      setImportError(
        `${file.name} is ${(file.size / 1024 / 1024).toFixed(0)} MB; zone files above 20 MB are not read.`,
      );
      return;
    }
    setReading(true);
    try {
      const text = await readFileText(file);
      const result = parseGeoJsonImport(text);
      if (!result.ok) setImportError(`${file.name}: ${result.message}`);
      else setPendingImport({ fileName: file.name, features: result.features, notes: result.notes });
    } catch (err) {
      setImportError(`${file.name} could not be read: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setReading(false);
    }
  };

  const warningsByZone = new Map<string, string[]>();
  for (const w of warnings) {
    const list = warningsByZone.get(w.zoneId) ?? [];
    list.push(w.message);
    warningsByZone.set(w.zoneId, list);
  }

  return (
    <section className={s.card} aria-labelledby="zones-title">
      <div className={s.cardHeader}>
        <h2 id="zones-title" className={s.cardTitle}>
          Delivery zones
          <span className={s.cardCount}>
            {value.features.length} {value.features.length === 1 ? 'zone' : 'zones'}
            {value.features.length > 0 ? ` · ${km2(total)}` : ''}
          </span>
        </h2>
        <input
          ref={fileRef}
          type="file"
          accept=".geojson,.json,application/geo+json,application/json"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="GeoJSON file to import"
          onChange={(e) => void onFile(e)}
        />
        <Button size="sm" onClick={() => fileRef.current?.click()} disabled={reading}>
          {reading ? 'Reading…' : 'Import GeoJSON…'}
        </Button>
      </div>

      {errors?.message && (
        <p role="alert" className={s.fieldError} style={{ margin: 0 }}>
          {errors.message}
        </p>
      )}
      {importError && (
        <Banner
          tone="danger"
          actions={
            <Button
              size="sm"
              variant="ghost"
              aria-label="Dismiss import error"
              onClick={() => setImportError(null)}
            >
              ✕
            </Button>
          }
        >
          {importError}
        </Banner>
      )}
      {pendingImport && (
        <div className={s.importBox} role="region" aria-labelledby={importTitleId}>
          <strong id={importTitleId}>
            {pendingImport.features.length} {pendingImport.features.length === 1 ? 'zone' : 'zones'} in{' '}
            {pendingImport.fileName}
          </strong>
          {pendingImport.notes.length > 0 && (
            <ul className={s.notes}>
              {pendingImport.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
          <div className={s.inline}>
            {value.features.length > 0 && (
              <Button
                size="sm"
                onClick={() => {
                  setFeatures([...value.features, ...uniqueIds(value.features, pendingImport.features)]);
                  setPendingImport(null);
                }}
              >
                Add to the {value.features.length} existing
              </Button>
            )}
            <Button
              size="sm"
              variant="primary"
              onClick={() => {
                setFeatures(uniqueIds([], pendingImport.features));
                setPendingImport(null);
              }}
            >
              {value.features.length > 0 ? 'Replace all zones' : 'Use these zones'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setPendingImport(null)}>
              Cancel import
            </Button>
          </div>
          <span className={s.subtle}>Nothing is saved until you review and save the branch.</span>
        </div>
      )}

      {value.features.length === 0 ? (
        <p className={s.subtle} style={{ margin: 0 }}>
          No delivery zones. Import a GeoJSON file with polygons to add them.
        </p>
      ) : (
        <div className={s.tableWrap}>
          <table className={s.table} aria-label="Delivery zones">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Name</th>
                <th scope="col">Id</th>
                <th scope="col" className={s.num}>
                  Vertices
                </th>
                <th scope="col" className={s.num}>
                  Area
                </th>
                <th scope="col">Check</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {value.features.map((f, i) => {
                const report = reports[i];
                const issues = report ? blockingIssues(f, report.issues) : [];
                const serverError = errors?.byIndex?.[i];
                const zoneWarns = warningsByZone.get(String(f.id ?? '')) ?? [];
                const label = zoneNameOf(f) || String(f.id ?? `zone ${i + 1}`);
                const issueId = `zone-${i}-issues`;
                return (
                  <tr key={`${String(f.id ?? '')}-${i}`}>
                    <td className={s.num}>{i + 1}</td>
                    <td style={{ minWidth: 140 }}>
                      <input
                        className={inputClass}
                        aria-label={`Name of zone ${i + 1}`}
                        aria-describedby={issues.length || serverError ? issueId : undefined}
                        aria-invalid={issues.length || serverError ? true : undefined}
                        value={zoneNameOf(f)}
                        placeholder="Unnamed"
                        onChange={(e) => rename(i, e.target.value)}
                      />
                    </td>
                    <td className={`${s.mono} ${s.nowrap}`}>{f.id ?? <em>new</em>}</td>
                    <td className={`${s.num} num`}>{report?.vertexCount ?? '—'}</td>
                    <td className={`${s.num} num`}>{km2(report?.areaKm2 ?? null)}</td>
                    <td id={issueId}>
                      {issues.length === 0 && !serverError ? (
                        f.geometry?.type === 'MultiPolygon' ? (
                          <span className={s.subtle}>Several parts: saved as one zone per part</span>
                        ) : (
                          <span className={s.ok}>OK</span>
                        )
                      ) : (
                        <ul className={s.issueList}>
                          {serverError && <li>{serverError}</li>}
                          {issues.map((issue, k) => (
                            <li key={k}>{issue.message}</li>
                          ))}
                        </ul>
                      )}
                      {zoneWarns.length > 0 && (
                        <ul className={s.warnList}>
                          {zoneWarns.map((w) => (
                            <li key={w}>{w}</li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Remove zone ${label}`}
                        onClick={() => removeZone(i)}
                      >
                        Remove
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {problemCount > 0 && (
        <p className={s.fieldError} style={{ margin: 0 }}>
          {problemCount === 1 ? '1 zone has a problem' : `${problemCount} zones have problems`} to fix before
          saving (or remove the zone).
        </p>
      )}
    </section>
  );
}

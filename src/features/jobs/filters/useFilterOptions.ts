import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { branchListQueryOptions, useApi } from '../../../api';
import type { Job } from '../../../contract';
import { viewerTimeZone } from '../../../ui';
import type { ComboboxOption } from '../../../ui/Combobox';
import { displayZone, branchesInJobs, teamsInJobs } from '../../../job-views';

/**
 * What the filters offer and the zone they read times in: branch suggestions (the service's
 * list when it has one, plus the branches seen in the jobs loaded), the team ids seen, and the
 * created-time fields' zone (the filtered branch's, unless "all times in my zone" is on) with
 * why that zone. Also hands back the service's branch list, which the map draws zones from.
 */
export function useFilterOptions({
  jobs,
  branchId,
  teamId,
  viewerZone,
}: {
  /** The jobs loaded: the page's and the search's matches. */
  jobs: readonly Job[];
  branchId: string | undefined;
  teamId: string | undefined;
  /** "All times in my zone" is on. */
  viewerZone: boolean;
}) {
  const { t } = useLingui();
  const api = useApi();
  const branchList = useQuery(branchListQueryOptions(api));
  const knownBranches = useMemo(() => {
    const map = new Map<string, { name: string; time_zone: string }>();
    for (const b of branchList.data ?? []) map.set(b.id, b);
    for (const [id, b] of branchesInJobs(jobs)) if (!map.has(id)) map.set(id, b);
    return map;
  }, [branchList.data, jobs]);
  const branchOptions = useMemo<ComboboxOption[]>(
    () =>
      [...knownBranches]
        .map(([id, b]) => ({ value: id, label: b.name || id, detail: b.name ? id : undefined }))
        .sort((a, b) => a.label.localeCompare(b.label) || a.value.localeCompare(b.value)),
    [knownBranches],
  );
  const teamOptions = useMemo<ComboboxOption[]>(() => {
    const teams = teamsInJobs(jobs);
    if (teamId) teams.add(teamId);
    return [...teams]
      .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
      .map((t) => ({ value: t, label: t }));
  }, [jobs, teamId]);
  const zone = displayZone(viewerZone, branchId ? knownBranches.get(branchId)?.time_zone : undefined);
  const branch = branchId;
  const zoneSource =
    zone !== viewerTimeZone()
      ? t`branch ${branch}'s zone`
      : viewerZone
        ? t`your zone, as chosen above`
        : t`your zone`;
  return { branchList: branchList.data, branchOptions, teamOptions, zone, zoneSource };
}

import { createContext, useContext } from 'react';
import { knownTimeZone, viewerTimeZone } from '../ui';

/**
 * Which time zone the jobs screen shows a time in (docs/design.md, "Derived facts"): the branch's
 * `time_zone` when it has one the platform knows, else the viewer's; the "my zone" switch
 * shows every time in the viewer's.
 */
export const ViewerZoneContext = createContext(false);

/** The zone to show a time of this branch in, given the "my zone" switch. */
export function displayZone(viewerOnly: boolean, branchZone: string | null | undefined): string {
  return (!viewerOnly && knownTimeZone(branchZone)) || viewerTimeZone();
}

/** `displayZone` with the screen's switch. */
export function useDisplayZone(branchZone: string | null | undefined): string {
  return displayZone(useContext(ViewerZoneContext), branchZone);
}

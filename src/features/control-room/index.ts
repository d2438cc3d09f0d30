import { lazy } from 'react';

export { validateControlRoomSearch, type ControlRoomSearch } from './control-room-search';

/** The control room: a chunk of its own, out of the jobs screen's first load. */
export const ControlRoomPage = lazy(() => import('./ControlRoomPage'));
export const preloadControlRoom = () => import('./ControlRoomPage');

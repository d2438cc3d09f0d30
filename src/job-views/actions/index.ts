/** Job actions (an optional extension of the service): the shared hooks and dialogs of the job panel, the exceptions list and the jobs table. */
export {
  BulkActionDialog,
  preloadActionDialogs,
  useActionOffer,
  useActionsOffered,
  type ActionOffer,
  type ActionStart,
} from './useJobActions';
export { JobActionButton } from './JobActionButton';

import { Suspense, lazy, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { BranchStateBadge } from './BranchStateBadge';
import { plural } from '@lingui/core/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BRANCH_ID_PATTERN, type Branch, type JobsResponse, type StopBranch } from '../../../contract';
import { branchListQueryOptions, errorMessage, jobsQueryOptions, queryKeys, useApi } from '../../../api';
import { editableBranches } from '../../../api/access';
import {
  Badge,
  Banner,
  Button,
  EmptyState,
  ErrorState,
  Field,
  RelativeTime,
  Segmented,
  Skeleton,
  inputClass,
} from '../../../ui';
import { foldText } from '../../../lib/fold';
import { listDraftIds } from '../drafts/draft';
import s from './BranchListPage.module.css';
import shared from '../branches.module.css';
import type { BranchesSearch } from '../../../contract/search-params';

/** The coverage map (with polygon clipping and, behind it, maplibre): loaded when the map view opens. */
const CoverageMap = lazy(() => import('../coverage/CoverageMap'));

/** A listed branch: from the list extension (whole), or as jobs embed it (without its lists). */
type ListedBranch = Branch | StopBranch;

/** Branches embedded in every jobs page the dashboard has loaded (newest version of each). */
function branchesFromJobs(pages: readonly (JobsResponse | undefined)[]): StopBranch[] {
  const byId = new Map<string, StopBranch>();
  for (const page of pages) {
    for (const job of page?.jobs ?? []) {
      for (const stop of [...job.pickups, ...job.deliveries]) {
        const b = stop.branch;
        if (!b) continue;
        const seen = byId.get(b.id);
        if (!seen || seen.updated_at < b.updated_at) byId.set(b.id, b);
      }
    }
  }
  return [...byId.values()];
}

/** A count the jobs' embedded branches do not carry (they come without contacts and zones). */
function NotKnown() {
  const { t } = useLingui();
  return (
    <span
      title={t`Not known here: jobs list their branches without contacts and zones. Open the branch to see them.`}
    >
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">
        <Trans>not known</Trans>
      </span>
    </span>
  );
}

function matches(branch: ListedBranch, q: string): boolean {
  if (!q) return true;
  const hay = foldText(`${branch.name}\n${branch.id}\n${branch.formatted_address}`);
  return foldText(q)
    .split(' ')
    .filter(Boolean)
    .every((word) => hay.includes(word));
}

function OpenById() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = value.trim();
    if (!id) {
      setError(t`Enter a branch id`);
      return;
    }
    if (!BRANCH_ID_PATTERN.test(id)) {
      setError(t`Ids use letters, digits, dots, dashes or underscores`);
      return;
    }
    setError(undefined);
    void navigate({ to: '/branches/$id', params: { id } });
  };
  return (
    <form className={s.openById} onSubmit={submit} noValidate>
      <Field label={t`Open branch by id`} error={error}>
        <input
          className={`${inputClass} ${shared.mono}`}
          value={value}
          placeholder={t`e.g. LDN-01`}
          spellCheck={false}
          autoCapitalize="off"
          onChange={(e) => {
            setValue(e.target.value);
            if (error) setError(undefined);
          }}
        />
      </Field>
      <Button type="submit">
        <Trans>Open</Trans>
      </Button>
    </form>
  );
}

function ListSkeleton() {
  return (
    <div className={shared.card} aria-busy="true">
      <span className="visually-hidden" role="status">
        <Trans>Loading branches…</Trans>
      </span>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={20} />
      ))}
    </div>
  );
}

export function BranchListPage({ view }: BranchesSearch) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const mapView = view === 'map';
  const api = useApi();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  // What the sign-in's token says it may change (nothing said: no marks, no filter).
  const [mayEdit] = useState(() => editableBranches(api.token()));
  const [onlyEditable, setOnlyEditable] = useState(false);
  const list = useQuery(branchListQueryOptions(api));
  const extensionMissing = list.isSuccess && list.data === null;
  // Without the list extension: the branches embedded in jobs (the first page, plus any loaded).
  const firstJobs = useQuery({ ...jobsQueryOptions(api, { page: 1 }), enabled: extensionMissing });
  const drafts = useMemo(() => new Set(listDraftIds(api.baseUrl)), [api.baseUrl]);

  const branches: ListedBranch[] | null = useMemo(() => {
    if (list.data) return list.data;
    if (!extensionMissing) return null;
    if (!firstJobs.data) return null;
    const cached = queryClient.getQueriesData<JobsResponse>({ queryKey: queryKeys.jobs() }).map(([, d]) => d);
    return branchesFromJobs([firstJobs.data, ...cached]);
  }, [list.data, extensionMissing, firstJobs.data, queryClient]);

  const sorted = useMemo(
    () => (branches ?? []).slice().sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
    [branches],
  );
  const editableCount = useMemo(
    () => (mayEdit ? sorted.filter((b) => mayEdit(b.id)).length : 0),
    [sorted, mayEdit],
  );
  const filtering = mayEdit !== null && onlyEditable;
  const visible = useMemo(
    () => sorted.filter((b) => matches(b, query.trim()) && (!filtering || mayEdit(b.id))),
    [sorted, query, filtering, mayEdit],
  );

  const q = query.trim();
  const shown = visible.length;
  const total = sorted.length;
  let body;
  if (list.isPending || (extensionMissing && firstJobs.isPending)) {
    body = <ListSkeleton />;
  } else if (list.isError || (extensionMissing && firstJobs.isError)) {
    const error = list.error ?? firstJobs.error;
    body = (
      <ErrorState
        title={t`Could not load branches`}
        message={error ? errorMessage(error) : t`Unknown error`}
        onRetry={() => void (list.isError ? list.refetch() : firstJobs.refetch())}
        retrying={list.isFetching || firstJobs.isFetching}
      />
    );
  } else if (sorted.length === 0) {
    body = (
      <EmptyState title={t`No branches yet`}>
        {extensionMissing
          ? t`No loaded job mentions a branch. Open a branch by its id instead.`
          : t`The service has no branches.`}
      </EmptyState>
    );
  } else if (visible.length === 0 && filtering && sorted.some((b) => matches(b, query.trim()))) {
    body = (
      <EmptyState
        title={
          editableCount === 0 ? t`You cannot edit any of these branches` : t`No branch you can edit matches`
        }
        actions={
          <Button onClick={() => setOnlyEditable(false)}>
            <Trans>Show all branches</Trans>
          </Button>
        }
      >
        {editableCount === 0 ? (
          t`Your sign-in may look at branches but change none of them. An administrator can grant it.`
        ) : (
          <Trans>
            Nothing you can edit matches “<bdi>{q}</bdi>”.
          </Trans>
        )}
      </EmptyState>
    );
  } else if (visible.length === 0) {
    body = (
      <EmptyState
        title={t`No branch matches`}
        actions={
          <Button onClick={() => setQuery('')}>
            <Trans>Clear search</Trans>
          </Button>
        }
      >
        <Trans>
          Nothing matches “<bdi>{q}</bdi>” in names, ids or addresses.
        </Trans>
      </EmptyState>
    );
  } else {
    body = (
      <table className={s.listTable} aria-label={t`Branches`}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Name</Trans>
            </th>
            <th scope="col" className={s.hidePhone}>
              <Trans>Id</Trans>
            </th>
            <th scope="col">
              <Trans>State</Trans>
            </th>
            <th scope="col" className={`${s.num} ${s.hidePhone}`}>
              <Trans>Contacts</Trans>
            </th>
            <th scope="col" className={s.num}>
              <Trans>Zones</Trans>
            </th>
            <th scope="col" className={s.hideNarrow}>
              <Trans>Updated</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {visible.map((b) => (
            <tr key={b.id}>
              <td>
                <Link to="/branches/$id" params={{ id: b.id }} className={s.branchLink}>
                  {b.name || (
                    <em>
                      <Trans>Unnamed</Trans>
                    </em>
                  )}
                </Link>
                {mayEdit?.(b.id) && (
                  <>
                    {' '}
                    <Badge tone="info" title={t`Your sign-in may change this branch`}>
                      <Trans>You can edit</Trans>
                    </Badge>
                  </>
                )}
                {drafts.has(b.id) && (
                  <>
                    {' '}
                    <Badge tone="warning" title={t`Unsaved changes are kept in this browser`}>
                      <Trans>Draft</Trans>
                    </Badge>
                  </>
                )}
                {b.formatted_address && (
                  // In its own direction: "87 Old Street" keeps its number first, and loses its end when cut.
                  <div className={s.address} dir="auto">
                    {b.formatted_address}
                  </div>
                )}
              </td>
              <td className={`${shared.mono} ${s.hidePhone}`}>{b.id}</td>
              <td>
                <BranchStateBadge active={b.active} />
              </td>
              <td className={`${s.num} num ${s.hidePhone}`}>
                {'contacts' in b ? b.contacts.length : <NotKnown />}
              </td>
              <td className={`${s.num} num`}>
                {'delivery_zones' in b ? (b.delivery_zones?.features.length ?? 0) : <NotKnown />}
              </td>
              <td className={s.hideNarrow}>
                <RelativeTime epochSeconds={b.updated_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  if (mapView && !list.isError && !(extensionMissing && firstJobs.isError)) {
    // Shown while the branches load: the map's code and base map start at once.
    const listed =
      list.isPending || (extensionMissing && firstJobs.isPending) ? undefined : (list.data ?? null);
    body = (
      <Suspense fallback={<ListSkeleton />}>
        <CoverageMap listed={listed} seen={extensionMissing ? sorted : []} />
      </Suspense>
    );
  }

  return (
    <div className={shared.page}>
      <div className={shared.pageHeader}>
        <div className={shared.pageTitleBlock}>
          <h1 className={shared.title}>
            <Trans>Branches</Trans>
          </h1>
          <p className={shared.meta}>
            {branches
              ? q || filtering
                ? t`${shown} of ${plural(total, { one: '# branch', other: '# branches' })}`
                : plural(total, { one: '# branch', other: '# branches' })
              : '\u00a0'}
            {branches && mayEdit && t` · you can edit ${editableCount}`}
          </p>
        </div>
      </div>
      <div className={s.toolbar}>
        <Segmented
          label={t`Show branches as`}
          value={mapView ? 'map' : 'list'}
          options={[
            { value: 'list', label: t`List` },
            {
              value: 'map',
              label: t`Coverage map`,
              onPointerEnter: () => void import('../coverage/CoverageMap'),
            },
          ]}
          onChange={(next) =>
            void navigate({ to: '/branches', search: next === 'map' ? { view: 'map' } : {} })
          }
        />
        {!mapView && mayEdit && (
          <Segmented
            label={t`Which branches`}
            value={onlyEditable ? 'editable' : 'all'}
            options={[
              { value: 'all', label: t({ message: 'All', context: 'branches' }) },
              { value: 'editable', label: t`You can edit` },
            ]}
            onChange={(next) => setOnlyEditable(next === 'editable')}
          />
        )}
        {!mapView && (
          <div className={s.search}>
            <Field label={t`Search branches`} hint={t`Name, id or address`}>
              <input
                className={inputClass}
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
              />
            </Field>
          </div>
        )}
        <OpenById />
      </div>
      {extensionMissing && !mapView && (
        <Banner tone="info">
          <Trans>
            This service does not offer a list of branches, so these are the branches found in loaded jobs.
            Open any other branch by its id.
          </Trans>
        </Banner>
      )}
      {body}
      <div className={s.footnote} />
    </div>
  );
}

import { Suspense, lazy } from 'react';
import {
  Outlet,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
  type AnyRouter,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { ApiClient } from '../api';
import type { RuntimeConfig } from '../config';
import { tokenStore, type Session } from './auth';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';

import { JobsPage } from '../features/jobs';
import { ControlRoomPage, preloadControlRoom, validateControlRoomSearch } from '../features/control-room';
import { filtersOf, pageRequest, validateJobsSearch } from '../job-views';
import { PageSkeleton } from '../ui';
import { validateBranchesSearch, validateSignInSearch } from '../contract/search-params';
import { branchListQueryOptions, jobsQueryOptions } from '../api';
import {
  BranchEditorPage,
  BranchListPage,
  preloadBranchList,
  validateBranchEditorSearch,
} from '../features/branches';

/** Sign-in is a separate chunk: a signed-in visitor going straight to the jobs never needs it. */
const SignInPage = lazy(() => import('./SignInPage').then((m) => ({ default: m.SignInPage })));

export type RouterContext = {
  queryClient: QueryClient;
  api: ApiClient;
  config: RuntimeConfig;
  /** The identity provider's sign-in; null where people paste a token. */
  session: Session | null;
};

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: validateSignInSearch,
  component: function SignInRoute() {
    const { redirect: target, expired } = signInRoute.useSearch();
    return (
      <Suspense fallback={null}>
        <SignInPage redirect={target} expired={expired} />
      </Suspense>
    );
  },
});

/** Everything below needs a token; without one, sign in and come back to the same URL. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ location }) => {
    if (!tokenStore.get()) {
      throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    }
  },
  component: Layout,
  notFoundComponent: NotFoundPage,
});

const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/overview', search: {} });
  },
});

const jobsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/jobs',
  validateSearch: validateJobsSearch,
  // The page is fetched as soon as the URL is known, before the screen renders (the screen
  // reads the same query). Entering the screen waits for it, so the first render already has
  // the rows (the router shows the skeleton if they are slow); moving between pages or
  // filters does not wait: the table keeps the previous rows, dimmed, until the next are in.
  loaderDeps: ({ search }) => ({ request: pageRequest(filtersOf(search), search.page) }),
  loader: async ({ context, deps, cause }) => {
    const loading = context.queryClient.prefetchQuery(jobsQueryOptions(context.api, deps.request));
    if (cause === 'enter') await loading;
  },
  // While the first page is slow, the screen itself shows (its table as a skeleton).
  pendingComponent: JobsPage,
  component: JobsPage,
});

const controlRoomRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/overview',
  validateSearch: validateControlRoomSearch,
  // The screen's code is asked for as soon as the URL is known; its reads start with it.
  loader: () => void preloadControlRoom(),
  component: function ControlRoomRoute() {
    const search = controlRoomRoute.useSearch();
    const navigate = controlRoomRoute.useNavigate();
    const { t } = useLingui();
    return (
      <Suspense fallback={<PageSkeleton label={t`Loading the control room…`} />}>
        <ControlRoomPage
          search={search}
          onSearch={(next, replace) => void navigate({ search: next, replace, resetScroll: false })}
          onJobsPage={(page, job) =>
            void navigate({
              to: '/jobs',
              search: { page, job, branch_id: search.branch_id, team_id: search.team_id },
            })
          }
        />
      </Suspense>
    );
  },
});

const branchesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/branches',
  validateSearch: validateBranchesSearch,
  // The list (the extension; the jobs fallback is the screen's) and the screen's code are asked
  // for as soon as the URL is known, not once the screen's chunk has arrived.
  loaderDeps: ({ search }) => ({ view: search.view }),
  loader: ({ context, deps }) => {
    preloadBranchList(deps.view);
    void context.queryClient.prefetchQuery(branchListQueryOptions(context.api));
  },
  component: function BranchesRoute() {
    const { view } = branchesRoute.useSearch();
    return <BranchListPage view={view} />;
  },
});

const branchEditorRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/branches/$id',
  validateSearch: validateBranchEditorSearch,
  component: function BranchEditorRoute() {
    const { id } = branchEditorRoute.useParams();
    return <BranchEditorPage key={id} id={id} />;
  },
});

const routeTree = rootRoute.addChildren([
  signInRoute,
  appRoute.addChildren([indexRoute, controlRoomRoute, jobsRoute, branchesRoute, branchEditorRoute]),
]);

/** Plain `key=value` search strings, named as the API's params (no JSON quoting). */
function parseSearch(search: string): Record<string, unknown> {
  return Object.fromEntries(new URLSearchParams(search));
}
function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

export function createAppRouter(
  context: RouterContext,
  options: { history?: Parameters<typeof createRouter>[0]['history'] } = {},
) {
  return createRouter({
    routeTree,
    context,
    history: options.history,
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

/**
 * After a 401 anywhere: drop the token and go to sign-in, coming back to the same URL after
 * (the sign-in page checks where it sends people: src/app/redirect.ts).
 */
export function sendToSignIn(router: AnyRouter) {
  const here = router.state.location.href;
  if (router.state.location.pathname === '/sign-in') return;
  tokenStore.clear();
  void router.navigate({ to: '/sign-in', search: { redirect: here, expired: true } });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

/**
 * The router (spec part 1 §2, spec part 2 §2): built from the route guard table
 * (route-table.tsx), one list of routes while signed out and one while signed in, under a root
 * route whose error element shows what a page throws. After sign-out the member lands on /login,
 * after deleting their account on /account-deleted.
 * A member page opened signed out goes to / with the page remembered (pages/SignInFirst.tsx).
 */
import { Suspense, lazy, useEffect } from 'react';
import type { ReactElement } from 'react';
import { Navigate, ScrollRestoration, matchPath, useLocation, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { useAuth } from '../lib/session';
import { DocumentTitle } from './DocumentTitle';
import { ErrorScreen } from './ErrorScreen';
import { LoadingScreen } from './LoadingScreen';
import { PublicLayout } from './layouts/PublicLayout';
import { SignInFirst } from './pages/SignInFirst';
import { routeTable } from './route-table';
import type { RouteRow } from './route-table';

const rows: readonly RouteRow[] = routeTable;

// The signed-in frame (and the chat and notification code it starts) loads only for members, so a
// visitor's first page stays light.
const loadAppLayout = () => import('./layouts/AppLayout');
const AppLayout = lazy(() => loadAppLayout().then((module) => ({ default: module.AppLayout })));

/**
 * Starts downloading what a member's page at `pathname` renders — the signed-in frame and the
 * page's own code — at once, beside the session check, instead of one after the other (the
 * frame renders first, then asks for the page inside it). Answers the modules when loaded; an
 * unknown path or a row without a member page loads the frame alone. A failed download is
 * retried when the page renders (React.lazy), so this never rejects.
 */
export function preloadMemberPage(pathname: string): Promise<unknown[]> {
  const row = rows.find(
    (candidate) => candidate.path !== '*' && matchPath(candidate.path, pathname) !== null,
  );
  const page = row?.signedIn;
  const preload =
    page !== undefined && page !== 'home'
      ? (page.type as { preload?: () => Promise<unknown> }).preload
      : undefined;
  const loads: Promise<unknown>[] = [loadAppLayout()];
  if (preload !== undefined) loads.push(preload());
  return Promise.all(loads.map((load) => load.catch(() => null)));
}

/**
 * The routes of `state`: each row's page, or a redirect to / for 'home'; the rows `inFrame` picks
 * are children of `frame` (a layout with an outlet), the others stand alone.
 */
function routesOf(
  state: 'signedOut' | 'signedIn',
  frame: ReactElement,
  inFrame: (row: RouteRow) => boolean,
): RouteObject[] {
  const route = (row: RouteRow): RouteObject => {
    const outcome = row[state];
    if (outcome !== 'home') {
      const title = typeof row.title === 'object' ? row.title[state] : row.title;
      return {
        path: row.path,
        element: (
          <>
            <DocumentTitle title={title} />
            {outcome}
          </>
        ),
      };
    }
    // A member page opened signed out remembers itself for after the sign-in; an unknown path
    // is not worth coming back to.
    const remember = state === 'signedOut' && row.path !== '*';
    return { path: row.path, element: remember ? <SignInFirst /> : <Navigate to="/" replace /> };
  };
  return [
    { element: frame, children: rows.filter(inFrame).map(route) },
    ...rows.filter((row) => !inFrame(row)).map(route),
  ];
}

const signedOutRoutes = routesOf(
  'signedOut',
  <PublicLayout />,
  (row) => row.signedOut !== 'home' && row.visitorFrame !== 'own',
);
const signedInRoutes = routesOf('signedIn', <AppLayout />, (row) => row.signedIn !== 'home');

/** Renders the routes that fit the session; a loading screen while the session starts. */
function AppRoutes() {
  const { user, loading, redirectTo, acknowledgeRedirect } = useAuth();
  const { pathname } = useLocation();
  const element = useRoutes(user === null ? signedOutRoutes : signedInRoutes);
  const arrived = redirectTo !== null && pathname === redirectTo;

  useEffect(() => {
    if (arrived) acknowledgeRedirect();
  }, [arrived, acknowledgeRedirect]);

  if (loading) return <LoadingScreen />;
  // A session just ended: /login after signing out, /account-deleted after deleting the account.
  if (redirectTo !== null && !arrived) return <Navigate to={redirectTo} replace />;
  // A navigation is a transition, so a page whose code is still loading would leave the previous
  // page on screen, taking input meant for the next one. Signed out, each path gets its own
  // boundary: the auth screens share no frame, so the loading screen shows instead, and the
  // public frame gives its pages a boundary inside it; signed in, AppLayout keeps its frame and
  // gives each path a boundary inside it.
  return (
    <Suspense key={user === null ? pathname : 'signed-in'} fallback={<LoadingScreen />}>
      {element}
    </Suspense>
  );
}

/**
 * The data router's routes (main.tsx, and the tests' app): every path renders the app's routes;
 * a page that throws, or whose code fails to load, shows the error screen instead (spec part 1
 * §8). A new page opens at the top, and going back restores where the reader was.
 */
export const rootRoutes: RouteObject[] = [
  {
    path: '*',
    element: (
      <>
        <ScrollRestoration />
        <AppRoutes />
      </>
    ),
    errorElement: <ErrorScreen />,
  },
];

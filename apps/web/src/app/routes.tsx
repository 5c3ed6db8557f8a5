/**
 * The route guard table (spec part 1 §2, spec part 2 §2): one table while signed out, one while
 * signed in; any other path redirects to /. After sign-out the member lands on /login.
 */
import { Suspense, lazy, useEffect } from 'react';
import type { ComponentType } from 'react';
import { Navigate, useLocation, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { useAuth } from '../lib/session';
import { signInReturnPath } from '../lib/sign-in-return';
import { LoadingScreen } from './LoadingScreen';
import { AppLayout } from './layouts/AppLayout';
import { PublicLayout } from './layouts/PublicLayout';

// Pages load on demand, so a visitor does not download the signed-in app and vice versa.
/** A page component loaded on its first render from the module `load` resolves, by export name. */
function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const LandingPage = lazyPage(() => import('../features/landing/pages/LandingPage'), 'LandingPage');
const LoginPage = lazyPage(() => import('../features/auth/pages/LoginPage'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/auth/pages/RegisterPage'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/pages/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ResetCodePage = lazyPage(
  () => import('../features/auth/pages/ResetCodePage'),
  'ResetCodePage',
);
const NewPasswordPage = lazyPage(
  () => import('../features/auth/pages/NewPasswordPage'),
  'NewPasswordPage',
);
const FeedPage = lazyPage(() => import('../features/feed/pages/FeedPage'), 'FeedPage');
const CreatePostPage = lazyPage(
  () => import('../features/posts/pages/CreatePostPage'),
  'CreatePostPage',
);
const MessagesPage = lazyPage(
  () => import('../features/messages/pages/MessagesPage'),
  'MessagesPage',
);
const NotificationsPage = lazyPage(
  () => import('../features/notifications/pages/NotificationsPage'),
  'NotificationsPage',
);
const SearchPage = lazyPage(() => import('../features/people/pages/SearchPage'), 'SearchPage');
const GameRoute = lazyPage(() => import('./pages/GameRoute'), 'GameRoute');
const MyPostsPage = lazyPage(() => import('../features/posts/pages/MyPostsPage'), 'MyPostsPage');
const ProfileRoute = lazyPage(() => import('./pages/ProfileRoute'), 'ProfileRoute');
const ReviewsPage = lazyPage(() => import('../features/reviews/pages/ReviewsPage'), 'ReviewsPage');
const CreateReviewPage = lazyPage(
  () => import('../features/reviews/pages/CreateReviewPage'),
  'CreateReviewPage',
);
const SettingsPage = lazyPage(
  () => import('../features/settings/pages/SettingsPage'),
  'SettingsPage',
);
const EventsPage = lazyPage(() => import('../features/events/pages/EventsPage'), 'EventsPage');
const EventRegistrationPage = lazyPage(
  () => import('../features/events/pages/EventRegistrationPage'),
  'EventRegistrationPage',
);
const CreateEventPage = lazyPage(
  () => import('../features/events/pages/CreateEventPage'),
  'CreateEventPage',
);

const redirectHome: RouteObject = { path: '*', element: <Navigate to="/" replace /> };

/**
 * /login once signed in: back to the path the sign-in was asked from (lib/sign-in-return.ts,
 * e.g. an event's registration form), else the feed.
 */
function AfterSignIn() {
  const state: unknown = useLocation().state;
  return <Navigate to={signInReturnPath(state) ?? '/'} replace />;
}

export const signedOutRoutes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password-otp', element: <ResetCodePage /> },
  { path: '/new-password', element: <NewPasswordPage /> },
  { element: <PublicLayout />, children: [{ path: '/events', element: <EventsPage /> }] },
  redirectHome,
];

export const signedInRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <FeedPage /> },
      { path: '/create-post', element: <CreatePostPage /> },
      { path: '/posts/:postId', element: <GameRoute /> },
      { path: '/past-posts', element: <MyPostsPage /> },
      { path: '/messages', element: <MessagesPage /> },
      { path: '/notifications', element: <NotificationsPage /> },
      { path: '/search', element: <SearchPage /> },
      { path: '/profile', element: <ProfileRoute /> },
      { path: '/profile/:userId', element: <ProfileRoute /> },
      { path: '/settings', element: <SettingsPage /> },
      { path: '/reviews', element: <ReviewsPage /> },
      { path: '/create-review', element: <CreateReviewPage /> },
      { path: '/events', element: <EventsPage /> },
      { path: '/events/register', element: <EventRegistrationPage /> },
      { path: '/create-event', element: <CreateEventPage /> },
    ],
  },
  { path: '/login', element: <AfterSignIn /> },
  redirectHome,
];

/** Renders the table that fits the session; a loading screen while the session starts. */
export function AppRoutes() {
  const { user, loading, redirectToLogin, acknowledgeRedirect } = useAuth();
  const { pathname } = useLocation();
  const element = useRoutes(user === null ? signedOutRoutes : signedInRoutes);
  const atLogin = pathname === '/login';

  useEffect(() => {
    if (redirectToLogin && atLogin) acknowledgeRedirect();
  }, [redirectToLogin, atLogin, acknowledgeRedirect]);

  if (loading) return <LoadingScreen />;
  if (redirectToLogin && !atLogin) return <Navigate to="/login" replace />;
  // A navigation is a transition, so a page whose code is still loading would leave the previous
  // page on screen, taking input meant for the next one. Signed-out pages share no frame, so each
  // path gets its own boundary and the loading screen shows instead; signed in, AppLayout keeps
  // its frame and gives each path a boundary inside it.
  return (
    <Suspense key={user === null ? pathname : 'signed-in'} fallback={<LoadingScreen />}>
      {element}
    </Suspense>
  );
}

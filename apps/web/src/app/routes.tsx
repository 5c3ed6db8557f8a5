/**
 * The route guard table (spec part 1 §2, spec part 2 §2): one table while signed out, one while
 * signed in; any other path redirects to /. After sign-out the member lands on /login.
 */
import { Suspense, lazy, useEffect } from 'react';
import { Navigate, useLocation, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { useAuth } from '../lib/session';
import { LoadingScreen } from './LoadingScreen';
import { AppLayout } from './layouts/AppLayout';

// Pages load on demand, so a visitor does not download the signed-in app and vice versa.
const LandingPage = lazy(() =>
  import('../features/landing/pages/LandingPage').then((m) => ({ default: m.LandingPage })),
);
const LoginPage = lazy(() =>
  import('../features/auth/pages/LoginPage').then((m) => ({ default: m.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('../features/auth/pages/RegisterPage').then((m) => ({ default: m.RegisterPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/pages/ForgotPasswordPage').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ResetCodePage = lazy(() =>
  import('../features/auth/pages/ResetCodePage').then((m) => ({ default: m.ResetCodePage })),
);
const NewPasswordPage = lazy(() =>
  import('../features/auth/pages/NewPasswordPage').then((m) => ({ default: m.NewPasswordPage })),
);
const FeedPage = lazy(() =>
  import('../features/feed/pages/FeedPage').then((m) => ({ default: m.FeedPage })),
);
const CreatePostPage = lazy(() =>
  import('../features/posts/pages/CreatePostPage').then((m) => ({ default: m.CreatePostPage })),
);
const MessagesPage = lazy(() =>
  import('../features/messages/pages/MessagesPage').then((m) => ({ default: m.MessagesPage })),
);
const NotificationsPage = lazy(() =>
  import('../features/notifications/pages/NotificationsPage').then((m) => ({
    default: m.NotificationsPage,
  })),
);
const SearchPage = lazy(() =>
  import('../features/people/pages/SearchPage').then((m) => ({ default: m.SearchPage })),
);
const ProfileRoute = lazy(() =>
  import('./pages/ProfileRoute').then((m) => ({ default: m.ProfileRoute })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/pages/SettingsPage').then((m) => ({ default: m.SettingsPage })),
);

const redirectHome: RouteObject = { path: '*', element: <Navigate to="/" replace /> };

export const signedOutRoutes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password-otp', element: <ResetCodePage /> },
  { path: '/new-password', element: <NewPasswordPage /> },
  redirectHome,
];

export const signedInRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <FeedPage /> },
      { path: '/create-post', element: <CreatePostPage /> },
      { path: '/messages', element: <MessagesPage /> },
      { path: '/notifications', element: <NotificationsPage /> },
      { path: '/search', element: <SearchPage /> },
      { path: '/profile', element: <ProfileRoute /> },
      { path: '/profile/:userId', element: <ProfileRoute /> },
      { path: '/settings', element: <SettingsPage /> },
    ],
  },
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

/**
 * The route guard table (spec part 1 §2, spec part 2 §2 "Route guard table"): one row
 * per path, saying what a signed-out visitor and a signed-in member get there. The router
 * (routes.tsx) is built from it and its test (routes.test.tsx) walks every row in both states.
 * To add a route, add a row.
 */
import { lazy } from 'react';
import type { ComponentType, ReactElement } from 'react';
import { AfterSignIn } from './pages/AfterSignIn';

// Pages load on demand, so a visitor does not download the signed-in app and vice versa.
/**
 * A page component loaded on its first render from the module `load` resolves, by export name;
 * its `preload` starts that download earlier (routes.tsx `preloadMemberPage`).
 */
function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return Object.assign(
    lazy(() => load().then((module) => ({ default: module[name] }))),
    { preload: load },
  );
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
const AboutPage = lazyPage(() => import('../features/info/pages/AboutPage'), 'AboutPage');
const PrivacyPage = lazyPage(() => import('../features/info/pages/PrivacyPage'), 'PrivacyPage');
const TermsPage = lazyPage(() => import('../features/info/pages/TermsPage'), 'TermsPage');
const DownloadPage = lazyPage(() => import('../features/info/pages/DownloadPage'), 'DownloadPage');
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
const NotificationSettingsPage = lazyPage(
  () => import('../features/notifications/pages/NotificationSettingsPage'),
  'NotificationSettingsPage',
);
const SearchPage = lazyPage(() => import('../features/people/pages/SearchPage'), 'SearchPage');
const GameRoute = lazyPage(() => import('./pages/GameRoute'), 'GameRoute');
const MyPostsPage = lazyPage(() => import('../features/posts/pages/MyPostsPage'), 'MyPostsPage');
const ProfileRoute = lazyPage(() => import('./pages/ProfileRoute'), 'ProfileRoute');
const SettingsRoute = lazyPage(() => import('./pages/SettingsRoute'), 'SettingsRoute');
const ReviewsPage = lazyPage(() => import('../features/reviews/pages/ReviewsPage'), 'ReviewsPage');
const CreateReviewPage = lazyPage(
  () => import('../features/reviews/pages/CreateReviewPage'),
  'CreateReviewPage',
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
const AdminPage = lazyPage(() => import('../features/admin/pages/AdminPage'), 'AdminPage');
const AccountDeletedPage = lazyPage(
  () => import('../features/settings/pages/AccountDeletedPage'),
  'AccountDeletedPage',
);

/** What one state gets at a path: a page, or 'home', a redirect to / (which replaces the entry). */
export type RouteOutcome = ReactElement | 'home';

/** One row of the table. */
export interface RouteRow {
  /** A react-router path pattern; '*' is every path no other row matches. */
  path: string;
  /**
   * What a signed-out visitor gets; 'home' on a member page remembers the page for after the
   * sign-in (BEYOND-THE-SPEC "Signed-out deep links").
   */
  signedOut: RouteOutcome;
  /** What a signed-in member gets; a page shows inside the signed-in frame (AppLayout). */
  signedIn: RouteOutcome;
  /**
   * The frame around a visitor's page: 'public' (the landing page's navigation and footer) unless
   * the page draws its own ('own': the auth screens' AuthLayout).
   */
  visitorFrame?: 'public' | 'own';
  /**
   * The document's `<title>` where the page's main heading would not do (DocumentTitle.tsx), for
   * both states or per state; else the title is the heading, 'Messages · GameOn'.
   */
  title?: string | { signedOut?: string; signedIn?: string };
}

/** The table, in the order of spec part 2 §2; ordered for people, react-router ranks by path. */
export const routeTable = [
  {
    path: '/',
    signedOut: <LandingPage />,
    signedIn: <FeedPage />,
    title: { signedOut: 'GameOn – find your game, find your team' },
  },
  // Signed in, /login goes on to where the sign-in was asked from (an event's form, a member page
  // opened signed out: lib/sign-in-return.ts), else to /.
  {
    path: '/login',
    signedOut: <LoginPage />,
    signedIn: <AfterSignIn />,
    visitorFrame: 'own',
    title: 'Sign in · GameOn',
  },
  // Signed up, likewise: a visitor who came from a member page (`?next=`) goes back to it.
  {
    path: '/register',
    signedOut: <RegisterPage />,
    signedIn: <AfterSignIn />,
    visitorFrame: 'own',
    title: 'Sign up · GameOn',
  },
  {
    path: '/forgot-password',
    signedOut: <ForgotPasswordPage />,
    signedIn: 'home',
    visitorFrame: 'own',
  },
  {
    path: '/reset-password-otp',
    signedOut: <ResetCodePage />,
    signedIn: 'home',
    visitorFrame: 'own',
  },
  { path: '/new-password', signedOut: <NewPasswordPage />, signedIn: 'home', visitorFrame: 'own' },
  { path: '/download', signedOut: <DownloadPage />, signedIn: 'home' },
  { path: '/about', signedOut: <AboutPage />, signedIn: <AboutPage /> },
  { path: '/privacy', signedOut: <PrivacyPage />, signedIn: <PrivacyPage /> },
  { path: '/terms', signedOut: <TermsPage />, signedIn: <TermsPage /> },
  { path: '/events', signedOut: <EventsPage />, signedIn: <EventsPage /> },
  { path: '/search', signedOut: 'home', signedIn: <SearchPage /> },
  { path: '/messages', signedOut: 'home', signedIn: <MessagesPage /> },
  { path: '/notifications', signedOut: 'home', signedIn: <NotificationsPage /> },
  // The notifications page's Settings link (spec part 2 §2): a switch per type and channel.
  {
    path: '/notifications/settings',
    signedOut: 'home',
    signedIn: <NotificationSettingsPage />,
  },
  { path: '/profile', signedOut: 'home', signedIn: <ProfileRoute /> },
  { path: '/profile/:userId', signedOut: 'home', signedIn: <ProfileRoute /> },
  { path: '/settings', signedOut: 'home', signedIn: <SettingsRoute /> },
  {
    path: '/create-post',
    signedOut: 'home',
    signedIn: <CreatePostPage />,
    title: 'Create Post · GameOn',
  },
  { path: '/past-posts', signedOut: 'home', signedIn: <MyPostsPage /> },
  // A shared game link answers visitors too: the game with "Sign in to join".
  { path: '/posts/:postId', signedOut: <GameRoute />, signedIn: <GameRoute /> },
  { path: '/reviews', signedOut: 'home', signedIn: <ReviewsPage /> },
  { path: '/create-review', signedOut: 'home', signedIn: <CreateReviewPage /> },
  { path: '/events/register', signedOut: 'home', signedIn: <EventRegistrationPage /> },
  { path: '/create-event', signedOut: 'home', signedIn: <CreateEventPage /> },
  // Operators' reports; other members see "Not found" there.
  { path: '/admin', signedOut: 'home', signedIn: <AdminPage /> },
  // Where a member lands once their account is deleted, signed out.
  {
    path: '/account-deleted',
    signedOut: <AccountDeletedPage />,
    signedIn: 'home',
    title: 'Account deleted · GameOn',
  },
  { path: '*', signedOut: 'home', signedIn: 'home' },
] as const satisfies readonly RouteRow[];

/** A path pattern of the table. */
export type RoutePath = (typeof routeTable)[number]['path'];

import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/app';
import { sockets } from '../test/fake-socket';
import { jsonResponse, mockFetch, testPost, testProfile, testUser } from '../test/utils';
import type { FetchCall } from '../test/utils';
import { routeTable } from './route-table';
import type { RoutePath, RouteRow } from './route-table';

/** The member's own profile: their account's fields over a bare one, online. */
const ownProfile = { ...testProfile(testUser.id, { online: true }), ...testUser };

/** Someone else's game, as `GET /api/posts/5` answers it. */
const game = testPost(5, {
  author_id: 3,
  author: { id: 3, username: 'rahul' },
  tags: [],
  players_needed: 4,
});

/**
 * The server of a signed-in member (priya, 7) with an empty feed and no chats, who may see
 * rahul's (3) profile and game 5.
 */
function server(call: FetchCall): Response {
  switch (call.url.pathname) {
    case '/api/auth/me':
      return call.headers.get('Authorization') === 'Bearer good'
        ? jsonResponse(testUser)
        : jsonResponse({ success: false, message: 'Unauthorized' }, { status: 401 });
    case '/api/auth/logout':
      return jsonResponse({ success: true });
    case '/api/auth/login':
      return jsonResponse({ token: 'good', user: testUser });
    case '/api/posts':
      return jsonResponse([]);
    case '/api/messages/unread-count':
      return jsonResponse({ total: 3 });
    case '/api/messages/conversations':
      return jsonResponse({ groupChats: [] });
    case '/api/direct-messages/conversations':
      return jsonResponse([]);
    case '/api/users/7':
      return jsonResponse(ownProfile);
    case '/api/users/3':
      return jsonResponse({ ...ownProfile, id: 3, username: 'rahul', email: undefined });
    case '/api/posts/user/7':
    case '/api/posts/user/3':
      return jsonResponse([]);
    case '/api/posts/5':
      return jsonResponse(game);
    case '/api/events':
      return jsonResponse([]);
    default:
      return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
  }
}

const LANDING = 'Find players. Join games. Play more.';
const FEED = 'Sports Feed';

/**
 * How the test visits a row of the route table, and the `h1` of the page each state gets there;
 * a state without a heading must be sent to / (spec part 2 §2 "Route guard table"). Written apart
 * from the table, so a wrong row fails here.
 */
interface Visit {
  /** Concrete paths to open (default: the row's path, when it is one). */
  paths?: string[];
  /** Navigation state the page needs to show itself (the reset steps). */
  state?: unknown;
  signedOut?: string;
  signedIn?: string;
  /** The visitor's page draws its own frame (the auth screens), not the landing page's. */
  ownFrame?: true;
}

// A Record over the table's paths: a row added without its visit fails to type-check.
const visits: Record<RoutePath, Visit> = {
  '/': { signedOut: LANDING, signedIn: FEED },
  '/login': { signedOut: 'Welcome back', ownFrame: true },
  '/register': { signedOut: 'Create your account', ownFrame: true },
  '/forgot-password': { signedOut: 'Forgot your password?', ownFrame: true },
  '/reset-password-otp': {
    state: { email: 'priya@example.com', type: 'reset' },
    signedOut: 'Enter your reset code',
    ownFrame: true,
  },
  '/new-password': {
    state: { email: 'priya@example.com', resetToken: 'rt-1' },
    signedOut: 'Choose a new password',
    ownFrame: true,
  },
  '/download': { signedOut: 'Download GameOn' },
  '/about': { signedOut: 'About Us', signedIn: 'About Us' },
  '/privacy': { signedOut: 'Privacy Policy', signedIn: 'Privacy Policy' },
  '/terms': { signedOut: 'Terms of Service', signedIn: 'Terms of Service' },
  '/events': { signedOut: 'Sports Events', signedIn: 'Sports Events' },
  '/search': { signedIn: 'Find People' },
  '/messages': { signedIn: 'Messages' },
  '/notifications': { signedIn: 'Notifications' },
  '/notifications/settings': { signedIn: 'Notification settings' },
  '/profile': { signedIn: 'priya' },
  '/profile/:userId': { paths: ['/profile/3'], signedIn: 'rahul' },
  '/settings': { signedIn: 'Settings' },
  '/create-post': { signedIn: 'Find players for your game' },
  '/past-posts': { signedIn: 'My Posts' },
  '/posts/:postId': {
    paths: ['/posts/5'],
    signedOut: 'Box cricket at Powai',
    signedIn: 'Box cricket at Powai',
  },
  '/reviews': { signedIn: 'Reviews' },
  '/create-review': { signedIn: 'Write a review' },
  '/events/register': { signedIn: 'No event selected' },
  '/create-event': { signedIn: 'Create Event' },
  '/admin': { signedIn: 'Not found' },
  '/account-deleted': { signedOut: 'Your account has been deleted' },
  '*': { paths: ['/nowhere', '/posts/5/edit'] },
};

const STATES = ['signedOut', 'signedIn'] as const;

/** The `<title>` the table names for `row` in `state`, if it names one. */
function rowTitle(row: RouteRow, state: (typeof STATES)[number]): string | undefined {
  return typeof row.title === 'object' ? row.title[state] : row.title;
}

const home: RouteRow = routeTable[0];

/** Every row of the table, at each of its paths, in both states, with what should show. */
const cases = routeTable.flatMap((row) => {
  const visit = visits[row.path];
  return (visit.paths ?? [row.path]).flatMap((path) =>
    STATES.map((state) => {
      const page = visit[state];
      const heading = page ?? (state === 'signedOut' ? LANDING : FEED);
      // The frame shows as its navigation: the sidebar signed in, the landing bar signed out,
      // none around the auth screens, which draw their own.
      const ownFrame = page !== undefined && state === 'signedOut' && visit.ownFrame === true;
      // Each page has its own title: the table's, else its heading and the site's name.
      const documentTitle =
        rowTitle(page === undefined ? home : row, state) ?? `${heading} · GameOn`;
      return {
        documentTitle,
        title: `${state === 'signedOut' ? 'a visitor' : 'a member'} at ${path} gets "${heading}"${page === undefined ? ' at /' : ''}`,
        state,
        entry: visit.state === undefined ? path : { pathname: path, state: visit.state },
        heading,
        pathname: page === undefined ? '/' : path,
        frame: ownFrame ? null : state === 'signedOut' ? 'Main' : 'Primary',
      };
    }),
  );
});

describe('route guard (spec part 1 §2, part 2 §2)', () => {
  it.each(cases)('$title', async ({ state, entry, heading, pathname, frame, documentTitle }) => {
    // Signed out, the server still answers what visitors may read (a shared game, events).
    mockFetch(server);
    if (state === 'signedIn') localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    const router = renderApp(entry);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(router.state.location.pathname).toBe(pathname);
    const frames = screen.queryAllByRole('navigation', { name: /^(Main|Primary)$/ });
    expect(frames.map((nav) => nav.getAttribute('aria-label'))).toEqual(frame ? [frame] : []);
    await waitFor(() => expect(document.title).toBe(documentTitle));
  });

  it.each(['Events', 'Browse Events'])("opens /events from the landing page's %s", async (name) => {
    mockFetch(server);
    const router = renderApp('/');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: /Find players/ });
    await user.click(screen.getAllByRole('link', { name })[0] as HTMLElement);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sports Events' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/events');
  });

  it("opens /events from the sidebar and the feed's Go to Events", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    mockFetch(server);
    const router = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Go to Events' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sports Events' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/events');
    await act(() => router.navigate('/'));
    const nav = await screen.findByRole('navigation', { name: 'Primary' });
    await user.click(within(nav).getByRole('link', { name: 'Events' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sports Events' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/events');
  });

  it('sends a member who signs in from an event back to its registration form', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    mockFetch(server);
    const router = renderApp({
      pathname: '/login',
      state: { from: '/events/register?event=4' },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No event selected' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/events/register');
    expect(router.state.location.search).toBe('?event=4');
  });

  it.each([
    ['/events/register?event=4', 'No event selected'],
    ['/profile/3', 'rahul'],
    ['/messages', 'Messages'],
  ])(
    'asks a visitor at %s to sign in to continue, and signing in returns there',
    async (target, heading) => {
      mockFetch(server);
      const router = renderApp(target);
      const prompt = await screen.findByRole('region', { name: 'Sign in to continue' });
      expect(router.state.location.pathname).toBe('/');
      const user = userEvent.setup();
      await user.click(within(prompt).getByRole('link', { name: 'Sign In' }));
      await user.type(await screen.findByLabelText('Email'), 'priya@example.com');
      await user.type(screen.getByLabelText('Password'), 'Secret12');
      await user.click(screen.getByRole('button', { name: 'Sign In' }));
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      const { pathname, search } = router.state.location;
      expect(`${pathname}${search}`).toBe(target);
    },
  );

  it("carries the page on through the top bar's Sign In and Get Started too", async () => {
    mockFetch(server);
    renderApp('/messages');
    await screen.findByRole('region', { name: 'Sign in to continue' });
    const bar = screen.getByRole('navigation', { name: 'Main' });
    for (const link of within(bar).getAllByRole('link', { name: 'Sign In' }))
      expect(link).toHaveAttribute('href', '/login?next=%2Fmessages');
    for (const link of within(bar).getAllByRole('link', { name: 'Get Started' }))
      expect(link).toHaveAttribute('href', '/register?next=%2Fmessages');
  });

  it('carries the page on from sign-in to sign-up', async () => {
    mockFetch(server);
    const router = renderApp('/login?next=%2Fmessages');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeInTheDocument();
    const { pathname, search } = router.state.location;
    expect(`${pathname}${search}`).toBe('/register?next=%2Fmessages');
  });

  it('sends a member who has just signed up at /register?next= on to that page', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    mockFetch(server);
    const router = renderApp('/register?next=%2Fmessages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/messages');
  });

  it.each(['https://evil.example/steal', '//evil.example/steal', '/\\evil.example/steal'])(
    'ignores a return target %s that leaves the site: signing in opens the feed',
    async (target) => {
      mockFetch(server);
      const router = renderApp(`/login?next=${encodeURIComponent(target)}`);
      const user = userEvent.setup();
      expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
        'href',
        '/register',
      );
      await user.type(await screen.findByLabelText('Email'), 'priya@example.com');
      await user.type(screen.getByLabelText('Password'), 'Secret12');
      await user.click(screen.getByRole('button', { name: 'Sign In' }));
      expect(await screen.findByRole('heading', { level: 1, name: FEED })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('shows no sign-in prompt at / for an unknown path or a foreign next', async () => {
    mockFetch(server);
    const router = renderApp('/nowhere');
    await screen.findByRole('heading', { level: 1, name: LANDING });
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('region', { name: 'Sign in to continue' })).toBeNull();
  });

  it.each([
    ['signedOut', 'a visitor'],
    ['signedIn', 'a member'],
  ])("titles a game that does not exist 'Game not found · GameOn' (%s)", async (state) => {
    if (state === 'signedIn') localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    mockFetch(server);
    renderApp('/posts/99');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Game not found' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Game not found · GameOn'));
  });

  it('checks a stored token at start-up and opens the feed', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    mockFetch(server);
    renderApp('/');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { name: 'Sports Feed' })).toBeInTheDocument();
    expect(await screen.findByText('No posts found')).toBeInTheDocument();
    expect(sockets.at(-1)?.auth).toEqual({ token: 'good' });
  });

  it('signs out when the stored token is refused, landing on /login', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stale');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(server);
    const router = renderApp('/messages');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('opens /settings from the sidebar with the Security tab', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    mockFetch(server);
    const router = renderApp('/');
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Primary' });
    await user.click(within(nav).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
  });

  it('opens About Us from the sidebar, inside the signed-in frame', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    mockFetch(server);
    const router = renderApp('/');
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Primary' });
    await user.click(within(nav).getByRole('link', { name: 'About Us' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/about');
    expect(within(nav).getByRole('link', { name: 'About Us' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('opens Find People and My Profile from the sidebar', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    mockFetch(server);
    const router = renderApp('/');
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Primary' });
    await user.click(within(nav).getByRole('link', { name: 'Search People' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Find People' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/search');
    await user.click(within(nav).getByRole('link', { name: 'My Profile' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'priya' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it("shows the member's profile picture in the header", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    mockFetch((call) =>
      call.url.pathname === '/api/auth/me'
        ? jsonResponse({ ...testUser, profile_picture_url: '/uploads/priya.webp' })
        : server(call),
    );
    renderApp('/');
    const menu = await screen.findByRole('button', { name: /Account menu for priya/ });
    expect(menu.querySelector('img')).toHaveAttribute('src', '/uploads/priya.webp');
  });

  it('shows the unread badge and hides it on /messages', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    mockFetch(server);
    const router = renderApp('/');
    const header = await screen.findByRole('banner');
    const link = within(header).getByRole('link', { name: /^Messages/ });
    // The name contains the badge's visible count (WCAG 2.5.3 Label in Name).
    await waitFor(() => expect(link).toHaveAccessibleName('Messages, 3 unread'));
    expect(link).toHaveTextContent('3');
    await act(() => router.navigate('/messages'));
    await screen.findByRole('heading', { name: 'Messages' });
    expect(within(header).getByRole('link', { name: 'Messages' })).not.toHaveTextContent('3');
    expect(screen.getByRole('navigation', { name: 'Primary' })).not.toHaveTextContent('3');
  });

  it('logs out from the profile menu: token revoked and cleared, socket closed, /login shown', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    const calls = mockFetch(server);
    const router = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Account menu for priya/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(sockets.at(-1)?.closed).toBe(true);
    const logout = calls.find((call) => call.url.pathname === '/api/auth/logout');
    expect(logout?.headers.get('Authorization')).toBe('Bearer good');
  });
});

describe('password reset journey (spec part 1 §4 "Password reset")', () => {
  const RESET = 'Password reset successfully. Please log in with your new password.';

  function resetServer(call: FetchCall): Response {
    switch (call.url.pathname) {
      case '/api/auth/forgot-password':
        return jsonResponse({
          success: true,
          message: 'If an account exists for this email, a reset code has been sent.',
        });
      case '/api/auth/verify-reset-otp':
        return jsonResponse({ success: true, resetToken: 'rt-1' });
      case '/api/auth/reset-password':
        return jsonResponse({ success: true, message: RESET });
      default:
        return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
    }
  }

  it('goes from the login link to a new password and back to /login with the message once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockFetch(resetServer);
    const router = renderApp('/login');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await user.type(screen.getByLabelText('Email'), 'priya@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    await screen.findByRole('heading', { name: 'Check your inbox' });
    act(() => {
      vi.advanceTimersByTime(2000);
    });

    await screen.findByRole('heading', { name: 'Enter your reset code' });
    expect(router.state.location.pathname).toBe('/reset-password-otp');
    await user.click(screen.getByLabelText('Digit 1'));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));

    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.type(screen.getByLabelText('New Password'), 'Fresh123');
    await user.type(screen.getByLabelText('Confirm Password'), 'Fresh123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByText(RESET)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.map((call) => call.url.pathname)).toEqual([
      '/api/auth/forgot-password',
      '/api/auth/verify-reset-otp',
      '/api/auth/reset-password',
    ]);

    // Coming back to /login later shows no stale message.
    await act(() => router.navigate('/register'));
    await screen.findByRole('heading', { name: 'Create your account' });
    await act(() => router.navigate('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByText(RESET)).not.toBeInTheDocument();
  });
});

/** Helpers for component tests: real providers, and `fetch` intercepted at the network boundary. */
import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import type {
  Notification,
  Place,
  Post,
  Review,
  SessionUser,
  Settings,
  UserProfile,
} from '@gameon/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createMutationCache } from '../app/query-client';
import { AuthProvider, useAuth } from '../lib/session';

/** A query client without retries, with the app's cache rules (app/cache-rules.ts). */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

interface RenderOptions {
  route?: string | { pathname: string; state?: unknown };
  queryClient?: QueryClient;
  /** Extra routes rendered beside the one under test (e.g. a stand-in for /messages). */
  extraRoutes?: ReactNode;
  /** Path pattern of the element under test (default '*'). */
  path?: string;
}

/** Renders `ui` inside a real QueryClient and a MemoryRouter. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <Routes>
          <Route path={options.path ?? '*'} element={ui} />
          {options.extraRoutes}
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** Renders its children once the session has a member (pages that need `useCurrentUser`). */
function SignedIn({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user === null ? null : children;
}

/**
 * Renders `ui` for a signed-in member: a stored token and the real session provider, so the
 * `fetch` handler must answer `GET /api/auth/me` (e.g. with {@link testUser}).
 */
export function renderSignedIn(ui: ReactElement, options: RenderOptions = {}) {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  const queryClient = options.queryClient ?? createTestQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <MemoryRouter initialEntries={[options.route ?? '/']}>
          <Routes>
            <Route path={options.path ?? '*'} element={<SignedIn>{ui}</SignedIn>} />
            {options.extraRoutes}
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** Shows the current location, for asserting navigations. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location">
      {location.pathname}|{JSON.stringify(location.state)}
    </div>
  );
}

/** A JSON response as the server sends it. */
export function jsonResponse(
  body: unknown,
  init: { status?: number; statusText?: string; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    statusText: init.statusText ?? '',
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

export interface FetchCall {
  url: URL;
  method: string;
  /** The parsed JSON body, or the `FormData` of a multipart upload. */
  body: unknown;
  headers: Headers;
}

/** Replaces `fetch` with `handler`; returns the list of calls made. */
export function mockFetch(handler: (call: FetchCall) => Response | Promise<Response>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const raw = typeof init.body === 'string' ? init.body : null;
      const form = init.body instanceof FormData ? init.body : undefined;
      const call: FetchCall = {
        url: new URL(
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
          'http://localhost',
        ),
        method: init.method ?? 'GET',
        body: raw === null ? form : (JSON.parse(raw) as unknown),
        headers: new Headers(init.headers),
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

/**
 * Replaces `fetch` for the signed-in app's shell: `GET /api/auth/me` answers {@link testUser} and
 * `GET /api/messages/unread-count` no unread messages; any other call goes to `handler`, and
 * what it leaves unanswered (`undefined`) is a 404 "Not found". Returns the list of calls made.
 */
export function mockAppFetch(
  handler: (call: FetchCall) => Response | undefined | Promise<Response | undefined>,
): FetchCall[] {
  return mockFetch(async (call) => {
    switch (`${call.method} ${call.url.pathname}`) {
      case 'GET /api/auth/me':
        return jsonResponse(testUser);
      case 'GET /api/messages/unread-count':
        return jsonResponse({ total: 0 });
    }
    return (
      (await handler(call)) ??
      jsonResponse({ success: false, message: 'Not found' }, { status: 404 })
    );
  });
}

/**
 * A notification as `GET /api/notifications` lists it: unread, created now and with no data,
 * unless `overrides` says otherwise.
 */
export function testNotification(
  id: number,
  type: Notification['type'],
  message: string,
  overrides: Partial<Notification> = {},
): Notification {
  return {
    id,
    type,
    message,
    created_at: new Date().toISOString(),
    is_read: false,
    data: {},
    ...overrides,
  };
}

export const testUser: SessionUser = {
  id: 7,
  username: 'priya',
  email: 'priya@example.com',
  bio: 'Weekend badminton',
  sports: ['Badminton'],
  tags: ['weekend'],
  profile_picture_url: null,
  created_at: '2025-01-01T00:00:00.000Z',
  is_operator: false,
};

/** A member's settings as `GET /settings` answers them (spec part 2 §3 Settings). */
export const testSettings: Settings = {
  bio: 'Weekend badminton',
  phone_number: '9876543210',
  location_city: 'Mumbai',
  location_coordinates: [72.87, 19.07],
  profile_picture_url: null,
  cover_photo_url: null,
  sports: ['Badminton'],
  tags: ['weekend'],
  profile_visibility: 'public',
  location_sharing: 'general',
  show_online_status: false,
  activity_history_visibility: 'public',
  phone_visibility: 'friends_only',
  message_requests: 'anyone',
  post_comments: 'anyone',
  event_invitations: 'manual',
};

/** A review as the API returns it (spec part 2 §3 Review): testUser's, unless `overrides` say. */
export function testReview(id: number, overrides: Partial<Review> = {}): Review {
  return {
    id,
    author_id: testUser.id,
    author_username: testUser.username,
    category: 'venue',
    rating: 4,
    title: `Review ${id}`,
    content: 'Good turf, fair price.',
    tags: [],
    created_at: '2025-01-01T10:00:00.000Z',
    updated_at: null,
    ...overrides,
  };
}

/**
 * A member's profile as `GET /users/{id}` answers it (spec part 2 §3 "User profile"): bare and public,
 * named `user{id}` unless `overrides` say.
 */
export function testProfile(id: number, overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id,
    username: `user${id}`,
    profile_picture_url: null,
    cover_photo_url: null,
    bio: '',
    sports: [],
    tags: [],
    skills: [],
    location_city: null,
    phone_number: null,
    followers: [],
    following: [],
    followers_count: 0,
    following_count: 0,
    followers_next_cursor: null,
    following_next_cursor: null,
    availability: [],
    online: null,
    is_following: false,
    follows_you: false,
    restricted: false,
    activity_visible: true,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * A game as the API returns it (spec part 2 §3 Post): testUser's box cricket at Powai in 2099,
 * for 2 players, no one joined yet, unless `overrides` say.
 */
export function testPost(id: number, overrides: Partial<Post> = {}): Post {
  return {
    id,
    author_id: testUser.id,
    author: { id: testUser.id, username: testUser.username },
    sport: 'Cricket',
    heading: 'Box cricket at Powai',
    description: 'Eight overs a side, tennis ball.',
    tags: ['casual'],
    location: { type: 'Point', coordinates: [72.9, 19.1] },
    location_name: 'Powai, Mumbai',
    event_time: '2099-03-02T01:30:00.000Z',
    players_needed: 2,
    interested_users: [],
    waitlist: [],
    is_full: false,
    created_at: '2030-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A place search answer whose point is approximate: a post-office locality, with its city. */
export const testApproximatePlace: Place = {
  name: 'Colaba Bazar',
  address: 'Colaba Bazar, Mumbai, Maharashtra',
  label: 'Colaba Bazar, Mumbai',
  coordinates: [72.8106, 18.9069],
  approximate: true,
};

import type { Post, Review, Settings } from '@gameon/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@gameon/shared';
import {
  LocationProbe,
  jsonResponse,
  mockFetch,
  renderSignedIn,
  testReview,
  testSettings,
  testUser,
} from '../../../test/utils';
import type { FetchCall } from '../../../test/utils';
import { ProfileRoute } from '../../../app/pages/ProfileRoute';

/** The viewer is testUser (id 7, priya); rahul (id 3) is another member. */
function profile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 7,
    username: 'priya',
    profile_picture_url: null,
    cover_photo_url: null,
    bio: 'Weekend badminton',
    sports: ['Badminton'],
    tags: ['weekend'],
    skills: [{ sport: 'Badminton', skill_level: 'intermediate' }],
    availability: [{ day_of_week: 6, start_time: '07:00', end_time: '09:30' }],
    location_city: 'Mumbai',
    phone_number: '9876543210',
    followers: [],
    following: [],
    followers_count: 0,
    following_count: 0,
    followers_next_cursor: null,
    following_next_cursor: null,
    is_following: false,
    follows_you: false,
    restricted: false,
    activity_visible: true,
    online: null,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const rahul = (overrides: Partial<UserProfile> = {}) =>
  profile({
    id: 3,
    username: 'rahul',
    bio: 'Cricket every Sunday',
    sports: ['Cricket'],
    tags: ['turf'],
    skills: [],
    phone_number: null,
    location_city: 'Pune',
    ...overrides,
  });

function post(id: number, heading: string): Post {
  return {
    id,
    author_id: 3,
    author: { id: 3, username: 'rahul' },
    sport: 'Cricket',
    heading,
    description: 'Tennis-ball cricket',
    tags: [],
    location: null,
    location_name: 'Powai, Mumbai',
    event_time: '2030-03-02T01:30:00.000Z',
    players_needed: 2,
    interested_users: [],
    created_at: '2030-03-01T10:00:00.000Z',
  };
}

type Handler = (call: FetchCall) => Response | Promise<Response> | undefined;

/**
 * A server with the viewer's own profile and rahul's; `handler` answers first when it returns
 * a response.
 */
function renderProfile(
  route: string,
  {
    profiles = {},
    posts = [],
    reviews = [],
    handler,
  }: {
    profiles?: Record<number, UserProfile>;
    posts?: Post[];
    reviews?: Review[];
    handler?: Handler;
  } = {},
) {
  const known: Record<number, UserProfile> = { 7: profile(), 3: rahul(), ...profiles };
  const calls = mockFetch(async (call) => {
    const answer = await handler?.(call);
    if (answer) return answer;
    const { pathname } = call.url;
    if (pathname === '/api/auth/me') return jsonResponse(testUser);
    const user = /^\/api\/users\/(\d+)$/.exec(pathname);
    if (user) {
      const found = known[Number(user[1])];
      return found
        ? jsonResponse(found)
        : jsonResponse({ success: false, message: 'User not found' }, { status: 404 });
    }
    // A follow list: the profile's first page, each row with whether the viewer (7) follows them.
    const list = /^\/api\/users\/(\d+)\/(followers|following)$/.exec(pathname);
    if (list) {
      const viewerFollows = new Set(known[7]!.following.map((m) => m.id));
      const members = known[Number(list[1])]?.[list[2] as 'followers' | 'following'] ?? [];
      return jsonResponse(members.map((m) => ({ ...m, is_following: viewerFollows.has(m.id) })));
    }
    if (/^\/api\/posts\/user\/\d+$/.test(pathname)) return jsonResponse(posts);
    if (/^\/api\/users\/\d+\/reviews$/.test(pathname)) return jsonResponse(reviews);
    if (pathname === '/api/settings' && call.method === 'PUT')
      return jsonResponse({ ...testSettings, ...(call.body as Partial<Settings>) });
    return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
  });
  renderSignedIn(<ProfileRoute />, {
    route,
    path: '/profile/:userId?',
    extraRoutes: <Route path="/messages" element={<LocationProbe />} />,
  });
  return { calls, user: userEvent.setup() };
}

const callsTo = (calls: FetchCall[], pathname: string, method = 'GET') =>
  calls.filter((call) => call.url.pathname === pathname && call.method === method);

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('Profile: own and other variants (spec part 2 §2)', () => {
  it('shows the own profile at /profile with Settings, image edits and field edits', async () => {
    renderProfile('/profile');
    expect(await heading('priya')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByLabelText('Upload profile picture')).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText('Upload cover photo')).toHaveAttribute('type', 'file');
    expect(screen.getByText('Change Cover')).toBeInTheDocument();
    for (const name of [
      'Edit bio',
      'Edit phone',
      'Edit home city',
      'Edit skills',
      'Edit interests',
    ])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all my posts' })).toHaveAttribute(
      'href',
      '/past-posts',
    );
    expect(screen.getByRole('link', { name: 'See all reviews' })).toHaveAttribute(
      'href',
      '/reviews?view=mine',
    );
  });

  it('treats /profile/{own id} as the own profile', async () => {
    renderProfile('/profile/7');
    expect(await heading('priya')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit bio' })).toBeInTheDocument();
  });

  it("shows another member's profile with Follow and no edits or own links", async () => {
    renderProfile('/profile/3');
    expect(await heading('rahul')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit bio' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Upload profile picture')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See all my posts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See all reviews' })).not.toBeInTheDocument();
    expect(screen.getByText('Cricket every Sunday')).toBeInTheDocument();
    expect(screen.getByText('#turf')).toBeInTheDocument();
  });

  it('shows Message only when followed, opening the conversation', async () => {
    const { user } = renderProfile('/profile/3', {
      profiles: { 3: rahul({ is_following: true, follows_you: true }) },
    });
    expect(await heading('rahul')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(screen.getByText('Follows you')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Message' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/messages|{"startConversation":{"userId":3,"username":"rahul"}}',
    );
  });

  it('follows: the button is disabled while it runs, then the profile is refetched', async () => {
    let followed = false;
    let release: () => void = () => undefined;
    const { calls, user } = renderProfile('/profile/3', {
      handler: ({ url }) => {
        if (url.pathname === '/api/users/3/follow')
          return new Promise<Response>((resolve) => {
            release = () => {
              followed = true;
              resolve(jsonResponse({ success: true, following: true }));
            };
          });
        if (url.pathname === '/api/users/3')
          return jsonResponse(rahul({ is_following: followed, followers_count: followed ? 1 : 0 }));
        return undefined;
      },
    });
    expect(await heading('rahul')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(screen.getByRole('button', { name: 'Follow' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Following' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '1 Follower' })).toBeInTheDocument();
    expect(callsTo(calls, '/api/users/3')).toHaveLength(2);
  });

  it('shows the online dot only when the member is online', async () => {
    renderProfile('/profile/3', { profiles: { 3: rahul({ online: true }) } });
    expect(await heading('rahul')).toBeInTheDocument();
    expect(screen.getByTitle('Online')).toBeInTheDocument();
  });
});

describe('Profile: not found, private parts (spec part 2 §2, §8)', () => {
  it("says 'Profile not found' for a member who does not exist (or is blocked)", async () => {
    renderProfile('/profile/99');
    expect(await heading('Profile not found')).toBeInTheDocument();
    expect(screen.getByText("The user you're looking for doesn't exist.")).toBeInTheDocument();
  });

  it("says 'Profile not found' for an id that is not one, without asking", async () => {
    const { calls } = renderProfile('/profile/abc');
    expect(await heading('Profile not found')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname.startsWith('/api/users'))).toHaveLength(0);
  });

  it('shows a restricted profile as username, counts and a private note only', async () => {
    renderProfile('/profile/3', {
      profiles: {
        3: rahul({
          restricted: true,
          bio: '',
          sports: [],
          tags: [],
          location_city: null,
          followers_count: 4,
          following_count: 2,
          activity_visible: false,
        }),
      },
    });
    expect(await heading('rahul')).toBeInTheDocument();
    expect(screen.getByText(/This profile is private/)).toBeInTheDocument();
    expect(screen.getByText('Followers')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '4 Followers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'About Me' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
  });

  it('shows a note instead of posts and reviews when activity is private', async () => {
    const { calls } = renderProfile('/profile/3', {
      profiles: { 3: rahul({ activity_visible: false }) },
    });
    expect(await heading('rahul')).toBeInTheDocument();
    expect(screen.getByText('rahul keeps their posts private.')).toBeInTheDocument();
    expect(screen.getByText('rahul keeps their reviews private.')).toBeInTheDocument();
    expect(callsTo(calls, '/api/posts/user/3')).toHaveLength(0);
    expect(callsTo(calls, '/api/users/3/reviews')).toHaveLength(0);
  });

  it("says 'No sports listed' when the member lists none", async () => {
    renderProfile('/profile/3', { profiles: { 3: rahul({ sports: [] }) } });
    const section = await screen.findByRole('region', { name: 'Sports & Skills' });
    expect(within(section).getByText('No sports listed')).toBeInTheDocument();
  });

  it('lists sports with their levels, contact details and when the member is usually free', async () => {
    renderProfile('/profile/3', {
      profiles: {
        3: rahul({
          skills: [{ sport: 'Cricket', skill_level: 'advanced' }],
          phone_number: '9123456789',
        }),
      },
    });
    const skills = await screen.findByRole('region', { name: 'Sports & Skills' });
    expect(within(skills).getByText('Cricket')).toBeInTheDocument();
    expect(within(skills).getByText('Advanced')).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: 'Contact Information' });
    expect(within(contact).getByText('(912) 345-6789')).toBeInTheDocument();
    expect(within(contact).getByText('Pune')).toBeInTheDocument();
    expect(screen.getByText('Usually free')).toBeInTheDocument();
    expect(screen.getByText('Sat 07:00–09:30')).toBeInTheDocument();
  });

  it('leaves out contact details the member has not shared', async () => {
    renderProfile('/profile/3', { profiles: { 3: rahul({ location_city: null }) } });
    const contact = await screen.findByRole('region', { name: 'Contact Information' });
    expect(within(contact).getByText('No contact details shared')).toBeInTheDocument();
  });
});

describe('Profile: posts and reviews (spec part 2 §2, §9)', () => {
  it('shows Posts (n) with the first 3, collapsible', async () => {
    const { user } = renderProfile('/profile/3', {
      posts: [1, 2, 3, 4, 5].map((id) => post(id, `Game ${id}`)),
    });
    const toggle = await screen.findByRole('button', { name: 'Posts (5)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Game 1')).toBeVisible();
    expect(screen.getByText('Game 3')).toBeVisible();
    expect(screen.queryByText('Game 4')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Game 1')).not.toBeVisible();
  });

  it("shows Reviews (0) with 'No reviews yet'", async () => {
    renderProfile('/profile/3');
    expect(await screen.findByRole('button', { name: 'Reviews (0)' })).toBeInTheDocument();
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
  });

  it("shows Reviews (n) with the first 3 from the member's reviews, collapsible", async () => {
    const { calls, user } = renderProfile('/profile/3', {
      reviews: [1, 2, 3, 4, 5].map((id) =>
        testReview(id, { author_id: 3, author_username: 'rahul', rating: 5 }),
      ),
    });
    const toggle = await screen.findByRole('button', { name: 'Reviews (5)' });
    expect(screen.getAllByRole('article', { name: /^Review \d$/ })).toHaveLength(3);
    expect(screen.getByRole('article', { name: 'Review 1' })).toBeVisible();
    expect(screen.getByRole('article', { name: 'Review 3' })).toBeVisible();
    expect(screen.queryByRole('article', { name: 'Review 4' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Review 1' })).getByRole('img', {
        name: '5 out of 5 stars',
      }),
    ).toBeInTheDocument();
    expect(callsTo(calls, '/api/users/3/reviews')).toHaveLength(1);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Review 1')).not.toBeVisible();
  });

  it("shows the private note when the member's reviews answer 403", async () => {
    renderProfile('/profile/3', {
      handler: ({ url }) =>
        url.pathname === '/api/users/3/reviews'
          ? jsonResponse({ success: false, message: 'Private' }, { status: 403 })
          : undefined,
    });
    expect(await screen.findByText('rahul keeps their reviews private.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reviews' })).toBeInTheDocument();
  });
});

describe('Followers/following modal (spec part 2 §2)', () => {
  it('opens on the clicked tab, with a toggle for everyone but the viewer', async () => {
    const { user } = renderProfile('/profile/3', {
      profiles: {
        7: profile({
          following: [{ id: 5, username: 'asha', bio: '', profile_picture_url: null }],
          following_count: 1,
        }),
        3: rahul({
          followers: [
            { id: 7, username: 'priya', bio: 'Weekend badminton', profile_picture_url: null },
            { id: 5, username: 'asha', bio: 'Valorant duo', profile_picture_url: null },
          ],
          followers_count: 2,
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: '2 Followers' }));
    const dialog = screen.getByRole('dialog', { name: 'rahul' });
    expect(within(dialog).getByRole('tab', { name: 'Followers (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const rows = within(dialog).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'priya' })).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('Valorant duo')).toBeInTheDocument();
    expect(await within(rows[1]!).findByRole('button', { name: 'Following' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('tab', { name: 'Following (0)' }));
    expect(within(dialog).getByText('Not following anyone yet')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'No followers yet' when nobody follows", async () => {
    const { user } = renderProfile('/profile');
    await user.click(await screen.findByRole('button', { name: '0 Followers' }));
    expect(within(screen.getByRole('dialog')).getByText('No followers yet')).toBeInTheDocument();
  });
});

describe('Profile field edits (spec part 2 §4, §5, §8)', () => {
  it('keeps digits only, at most 10, and shows the saved phone as (xxx) xxx-xxxx', async () => {
    const { calls, user } = renderProfile('/profile', {
      profiles: { 7: profile({ phone_number: null }) },
      handler: ({ url, method }) =>
        url.pathname === '/api/users/7' &&
        callsTo(calls, '/api/settings', 'PUT').length > 0 &&
        method === 'GET'
          ? jsonResponse(profile({ phone_number: '9876543210' }))
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Edit phone' }));
    const input = screen.getByLabelText('Phone number');
    expect(input).toHaveFocus();
    await user.type(input, '98-765 abc 43210 99');
    expect(input).toHaveValue('9876543210');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('(987) 654-3210')).toBeInTheDocument();
    expect(callsTo(calls, '/api/settings', 'PUT')[0]?.body).toEqual({ phone_number: '9876543210' });
    expect(screen.getByRole('button', { name: 'Edit phone' })).toHaveFocus();
  });

  it('cleans a phone typed as +91 98765 43210 or 098765 43210 to 9876543210', async () => {
    const { user } = renderProfile('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit phone' }));
    const input = screen.getByLabelText('Phone number');
    for (const typed of ['+91 98765 43210', '098765 43210']) {
      await user.clear(input);
      await user.type(input, typed);
      expect(input).toHaveValue('9876543210');
    }
  });

  it("refuses a phone number that is not 10 digits: 'Phone number must be exactly 10 digits'", async () => {
    const { calls, user } = renderProfile('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit phone' }));
    const input = screen.getByLabelText('Phone number');
    await user.clear(input);
    await user.type(input, '98765');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(input).toHaveAccessibleDescription(/Phone number must be exactly 10 digits/);
    expect(input).toBeInvalid();
    expect(callsTo(calls, '/api/settings', 'PUT')).toHaveLength(0);
  });

  it('removes the phone number when saved empty', async () => {
    const { calls, user } = renderProfile('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit phone' }));
    await user.clear(screen.getByLabelText('Phone number'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(calls, '/api/settings', 'PUT')[0]?.body).toEqual({ phone_number: null }),
    );
  });

  it("cancels without saving, and says 'Failed to save changes' when saving fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls, user } = renderProfile('/profile', {
      handler: ({ url, method }) =>
        url.pathname === '/api/settings' && method === 'PUT'
          ? jsonResponse({ success: false, message: 'Internal server error' }, { status: 500 })
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Edit bio' }));
    await user.type(screen.getByLabelText('Bio'), ' and cricket');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Bio')).not.toBeInTheDocument();
    expect(screen.getByText('Weekend badminton')).toBeInTheDocument();
    expect(callsTo(calls, '/api/settings', 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Edit bio' }));
    await user.type(screen.getByLabelText('Bio'), ' and cricket');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save changes');
    expect(screen.getByLabelText('Bio')).toHaveValue('Weekend badminton and cricket');
  });

  it("shows the server's words when a save is refused by a limit (429)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const limited =
      'You can change your home city 3 times a day and 10 times in 30 days. Please try again in 20 hours.';
    const { user } = renderProfile('/profile', {
      handler: ({ url, method }) =>
        url.pathname === '/api/settings' && method === 'PUT'
          ? jsonResponse({ success: false, message: limited }, { status: 429 })
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Edit bio' }));
    await user.type(screen.getByLabelText('Bio'), ' and cricket');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(limited);
  });

  it('edits skills: Add skill, pick a sport and a level, Save with PUT /settings/skills', async () => {
    const { calls, user } = renderProfile('/profile', {
      handler: ({ url }) =>
        url.pathname === '/api/settings/skills' ? jsonResponse({ skills: [] }) : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Edit skills' }));
    await user.click(screen.getByRole('button', { name: 'Add skill' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Pick a sport from the list and a level for each entry'),
    ).toBeInTheDocument();
    expect(callsTo(calls, '/api/settings/skills', 'PUT')).toHaveLength(0);

    const sports = screen.getAllByLabelText('Sport');
    const levels = screen.getAllByLabelText('Level');
    expect(sports).toHaveLength(2);
    await user.selectOptions(sports[1]!, 'Valorant');
    await user.selectOptions(levels[1]!, 'expert');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(calls, '/api/settings/skills', 'PUT')[0]?.body).toEqual({
        skills: [
          { sport: 'Badminton', skill_level: 'intermediate' },
          { sport: 'Valorant', skill_level: 'expert' },
        ],
      }),
    );
    expect(await screen.findByRole('button', { name: 'Edit skills' })).toBeInTheDocument();
  });

  it('edits interests with PUT /settings {tags}', async () => {
    const { calls, user } = renderProfile('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit interests' }));
    await user.type(screen.getByRole('textbox', { name: 'Interests' }), 'turf ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(calls, '/api/settings', 'PUT')[0]?.body).toEqual({
        tags: ['weekend', 'turf'],
      }),
    );
  });

  it('edits availability with PUT /settings/availability', async () => {
    const { calls, user } = renderProfile('/profile', {
      handler: ({ url }) =>
        url.pathname === '/api/settings/availability' ? jsonResponse([]) : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Edit availability' }));
    await user.click(screen.getByRole('button', { name: 'Add time slot' }));
    const days = screen.getAllByLabelText('Day');
    await user.selectOptions(days[1]!, 'Monday');
    const ends = screen.getAllByLabelText('To');
    await user.clear(ends[1]!);
    await user.type(ends[1]!, '06:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('End time must be after start time')).toBeInTheDocument();

    await user.clear(ends[1]!);
    await user.type(ends[1]!, '20:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(calls, '/api/settings/availability', 'PUT')[0]?.body).toEqual([
        { day_of_week: 1, start_time: '07:00', end_time: '20:00' },
        { day_of_week: 6, start_time: '07:00', end_time: '09:30' },
      ]),
    );
  });
});

describe('Profile images (spec part 2 §5, §8)', () => {
  const image = (name: string, type: string, bytes: number) => {
    const file = new File(['x'], name, { type });
    Object.defineProperty(file, 'size', { value: bytes });
    return file;
  };

  it("refuses a file that is not an image: 'Please select an image file'", async () => {
    const { calls } = renderProfile('/profile');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      await screen.findByLabelText('Upload profile picture'),
      image('notes.txt', 'text/plain', 100),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please select an image file');
    await user.upload(
      screen.getByLabelText('Upload cover photo'),
      image('logo.svg', 'image/svg+xml', 100),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please select an image file');
    expect(callsTo(calls, '/api/settings/avatar', 'POST')).toHaveLength(0);
  });

  it('refuses a profile picture over 5 MB and a cover over 10 MB', async () => {
    const { calls, user } = renderProfile('/profile');
    await user.upload(
      await screen.findByLabelText('Upload profile picture'),
      image('me.png', 'image/png', 5 * 1024 * 1024 + 1),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('File size too large. Maximum 5MB allowed');
    await user.upload(
      screen.getByLabelText('Upload cover photo'),
      image('cover.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'File size too large. Maximum 10MB allowed',
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('uploads a new profile picture as multipart `file` and refreshes the header user', async () => {
    const { calls, user } = renderProfile('/profile', {
      handler: ({ url }) =>
        url.pathname === '/api/settings/avatar'
          ? jsonResponse({ profile_picture_url: '/uploads/a.webp' })
          : undefined,
    });
    const file = image('me.png', 'image/png', 2 * 1024 * 1024);
    await user.upload(await screen.findByLabelText('Upload profile picture'), file);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Profile picture updated successfully!',
    );
    const upload = callsTo(calls, '/api/settings/avatar', 'POST')[0];
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData).get('file')).toBe(file);
    expect(upload?.headers.get('Content-Type')).toBeNull();
    expect(callsTo(calls, '/api/auth/me')).toHaveLength(2);
  });

  it('uploads a cover of up to 10 MB', async () => {
    const { user } = renderProfile('/profile', {
      handler: ({ url }) =>
        url.pathname === '/api/settings/cover'
          ? jsonResponse({ cover_photo_url: '/uploads/c.webp' })
          : undefined,
    });
    await user.upload(
      await screen.findByLabelText('Upload cover photo'),
      image('cover.webp', 'image/webp', 8 * 1024 * 1024),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Cover photo updated successfully!',
    );
  });

  it("says 'Failed to save image. Please try again.' when the server cannot save it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderProfile('/profile', {
      handler: ({ url }) =>
        url.pathname === '/api/settings/avatar'
          ? jsonResponse({ success: false, message: 'Internal server error' }, { status: 500 })
          : undefined,
    });
    await user.upload(
      await screen.findByLabelText('Upload profile picture'),
      image('me.png', 'image/png', 1000),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save image. Please try again.',
    );
  });

  it('shows when to try again past the upload limit (429) and while the server is busy (503)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderProfile('/profile', {
      handler: ({ url }) => {
        if (url.pathname === '/api/settings/avatar')
          return jsonResponse(
            {
              success: false,
              code: 'rate_limited',
              message: "You're doing that too often. Please try again in 40 seconds.",
            },
            { status: 429 },
          );
        if (url.pathname === '/api/settings/cover')
          return jsonResponse(
            {
              success: false,
              code: 'busy',
              message: 'Many pictures are being uploaded right now. Please try again in a moment.',
            },
            { status: 503 },
          );
        return undefined;
      },
    });
    await user.upload(
      await screen.findByLabelText('Upload profile picture'),
      image('me.png', 'image/png', 1000),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "You're doing that too often. Please try again in 40 seconds.",
    );
    await user.upload(
      screen.getByLabelText('Upload cover photo'),
      image('c.png', 'image/png', 1000),
    );
    expect(
      await screen.findByText(
        'Many pictures are being uploaded right now. Please try again in a moment.',
      ),
    ).toBeInTheDocument();
  });

  it("says 'Failed to upload image. Please try again.' when the upload never arrives", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderProfile('/profile', {
      handler: ({ url }) => {
        if (url.pathname === '/api/settings/avatar') throw new TypeError('Failed to fetch');
        return undefined;
      },
    });
    await user.upload(
      await screen.findByLabelText('Upload profile picture'),
      image('me.png', 'image/png', 1000),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to upload image. Please try again.',
    );
  });

  it("says 'Failed to read image file.' and sends nothing when the picture cannot be decoded", async () => {
    vi.stubGlobal('createImageBitmap', () =>
      Promise.reject(new DOMException('bad', 'InvalidStateError')),
    );
    const { calls, user } = renderProfile('/profile');
    await user.upload(
      await screen.findByLabelText('Upload profile picture'),
      image('me.png', 'image/png', 1000),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to read image file.');
    expect(calls.some((call) => call.url.pathname === '/api/settings/avatar')).toBe(false);
    vi.unstubAllGlobals();
  });
});

describe('Block and report', () => {
  it('blocks after a confirmation and offers Unblock', async () => {
    const { calls, user } = renderProfile('/profile/3', {
      handler: ({ url }) =>
        url.pathname === '/api/users/3/block' || url.pathname === '/api/users/3/unblock'
          ? jsonResponse({ success: true })
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'More options for rahul' }));
    await user.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('dialog', { name: 'Block rahul?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await heading('You blocked rahul')).toBeInTheDocument();
    expect(callsTo(calls, '/api/users/3/block', 'POST')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await heading('rahul')).toBeInTheDocument();
    expect(callsTo(calls, '/api/users/3/unblock', 'POST')).toHaveLength(1);
  });

  it('reports with a reason and thanks the member', async () => {
    const { calls, user } = renderProfile('/profile/3', {
      handler: ({ url }) =>
        url.pathname === '/api/users/3/report'
          ? jsonResponse({ success: true, message: 'Thank you. Our team will review this report.' })
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'More options for rahul' }));
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report rahul' });
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(reason).toHaveAccessibleDescription('Reason is required');

    await user.type(reason, 'Spam in messages');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Thank you. Our team will review this report.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(calls, '/api/users/3/report', 'POST')[0]?.body).toEqual({
      reason: 'Spam in messages',
    });
  });
});

describe('Followers/following modal, paged', () => {
  it('loads the next page with Load more, from the cursor of the page before', async () => {
    const member = (id: number) => ({
      id,
      username: `fan${id}`,
      bio: '',
      profile_picture_url: null,
      is_following: false,
    });
    const { calls, user } = renderProfile('/profile/3', {
      profiles: { 3: rahul({ followers_count: 3 }) },
      handler: ({ url }) => {
        if (url.pathname !== '/api/users/3/followers') return undefined;
        return url.searchParams.get('cursor') === 'page2'
          ? jsonResponse([member(30)])
          : jsonResponse([member(10), member(20)], { headers: { 'X-Next-Cursor': 'page2' } });
      },
    });
    await user.click(await screen.findByRole('button', { name: '3 Followers' }));
    const dialog = screen.getByRole('dialog', { name: 'rahul' });
    expect(await within(dialog).findByRole('link', { name: 'fan20' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'fan30' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    expect(await within(dialog).findByRole('link', { name: 'fan30' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(
      callsTo(calls, '/api/users/3/followers').map((c) => c.url.searchParams.get('cursor')),
    ).toEqual([null, 'page2']);
  });
});

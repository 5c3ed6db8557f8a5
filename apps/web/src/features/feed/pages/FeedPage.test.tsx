import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import type { Place, Post } from '@gameon/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GEOLOCATION_FAILED,
  GEOLOCATION_UNSUPPORTED,
  POSITION_STORAGE_KEY,
} from '../../../lib/use-geolocation';
import { renderApp } from '../../../test/app';
import { AREA_PROMPT_SNOOZE_DAYS, areaPromptDue, areaPromptKey } from '../area-prompt';
import { jsonResponse, mockFetch, testSettings, testUser } from '../../../test/utils';
import type { FetchCall } from '../../../test/utils';

function post(id: number, heading: string): Post {
  return {
    id,
    author_id: 3,
    author: { id: 3, username: 'rahul' },
    sport: 'Cricket',
    heading,
    description: 'Tennis-ball cricket',
    tags: [],
    location: { type: 'Point', coordinates: [72.9, 19.1] },
    location_name: 'Powai, Mumbai',
    event_time: '2030-03-02T01:30:00.000Z',
    players_needed: 2,
    interested_users: [],
    created_at: '2030-03-01T10:00:00.000Z',
  };
}

type Geolocation = Pick<globalThis.Geolocation, 'getCurrentPosition'>;

function setGeolocation(geolocation: Geolocation | undefined) {
  if (geolocation === undefined) Reflect.deleteProperty(navigator, 'geolocation');
  else Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
}

afterEach(() => setGeolocation(undefined));

const mumbai = { latitude: 19.07, longitude: 72.87 };

function grant(): Geolocation {
  return {
    getCurrentPosition: (success) =>
      success({ coords: mumbai, timestamp: Date.now() } as GeolocationPosition),
  };
}

/** A geolocation that grants Mumbai, and the spy on its `getCurrentPosition`. */
function spyOnGrant() {
  const geolocation = grant();
  const spy = vi.spyOn(geolocation, 'getCurrentPosition');
  setGeolocation(geolocation);
  return spy;
}

function postsCalls(calls: FetchCall[]): URLSearchParams[] {
  return calls
    .filter((call) => call.url.pathname === '/api/posts')
    .map((call) => call.url.searchParams);
}

const PUNE: Place = {
  name: 'Pune',
  address: 'Pune, Maharashtra, India',
  coordinates: [73.85, 18.52],
};

/**
 * The feed of a signed-in member; `posts` answers each page, `places` the place search,
 * `settings` `/api/settings` (none: 404, the feed goes without a home area).
 */
function renderFeed(
  posts: (cursor: string | null) => Response,
  places: Place[] = [PUNE],
  settings?: (call: FetchCall) => Response,
) {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
  const calls = mockFetch((call) => {
    const { url } = call;
    if (url.pathname === '/api/settings' && settings) return settings(call);
    if (url.pathname === '/api/places/reverse')
      return jsonResponse({
        name: 'Koramangala',
        address: 'Koramangala, Bengaluru, Karnataka',
        label: 'Koramangala, Bengaluru',
        coordinates: [77.6245, 12.9352],
      });
    switch (url.pathname) {
      case '/api/auth/me':
        return jsonResponse(testUser);
      case '/api/messages/unread-count':
        return jsonResponse({ total: 0 });
      case '/api/posts':
        return posts(url.searchParams.get('cursor'));
      case '/api/places/autocomplete':
        return jsonResponse(places);
      default:
        return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
    }
  });
  renderApp('/');
  return { calls, user: userEvent.setup() };
}

describe('FeedPage', () => {
  it('never asks for the position on load, and asks on "Use my position" within 25 km', async () => {
    const geolocation = spyOnGrant();
    const { calls, user } = renderFeed(() => jsonResponse([post(1, 'Box cricket at Powai')]));
    await screen.findByRole('article', { name: 'Box cricket at Powai' });
    expect(geolocation).not.toHaveBeenCalled();
    expect(postsCalls(calls)[0]?.has('lat')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Use my position' }));
    await waitFor(() => {
      const last = postsCalls(calls).at(-1);
      expect(last?.get('lat')).toBe('19.07');
      expect(last?.get('lng')).toBe('72.87');
      expect(last?.get('radius')).toBe('25000');
      expect(last?.get('order')).toBe('soonest');
    });
    expect(postsCalls(calls).at(-1)?.get('filterType')).toBe('ALL');
    expect(postsCalls(calls).at(-1)?.get('tz')).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    expect(screen.getByText('Using your current position')).toBeInTheDocument();
    expect(localStorage.getItem(POSITION_STORAGE_KEY)).toBe('granted');
  });

  it('uses a position shared on an earlier visit without a press', async () => {
    localStorage.setItem(POSITION_STORAGE_KEY, 'granted');
    const geolocation = spyOnGrant();
    const { calls } = renderFeed(() => jsonResponse([]));
    await screen.findByText('No posts found');
    expect(geolocation).toHaveBeenCalledTimes(1);
    expect(postsCalls(calls)[0]?.get('lat')).toBe('19.07');
    expect(screen.getByText('Using your current position')).toBeInTheDocument();
  });

  it('says the browser has no geolocation only after "Use my position"', async () => {
    const { calls, user } = renderFeed(() => jsonResponse([]));
    expect(await screen.findByText('No posts found')).toBeInTheDocument();
    expect(screen.queryByText(GEOLOCATION_UNSUPPORTED)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use my position' }));
    expect(screen.getByText(GEOLOCATION_UNSUPPORTED)).toBeInTheDocument();
    const [query] = postsCalls(calls);
    expect(query?.has('lat')).toBe(false);
    expect(query?.has('radius')).toBe(false);
  });

  it('says so when the position cannot be found, only after the member asked', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setGeolocation({
      getCurrentPosition: (_success, failure) =>
        failure?.({ code: 1, message: 'denied' } as GeolocationPositionError),
    });
    const { user } = renderFeed(() => jsonResponse([]));
    await screen.findByText('No posts found');
    expect(screen.queryByText(GEOLOCATION_FAILED)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use my position' }));
    expect(await screen.findByText(GEOLOCATION_FAILED)).toBeInTheDocument();
  });

  it('forgets a remembered position that can no longer be read, without a message', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(POSITION_STORAGE_KEY, 'granted');
    setGeolocation({
      getCurrentPosition: (_success, failure) =>
        failure?.({ code: 1, message: 'denied' } as GeolocationPositionError),
    });
    renderFeed(() => jsonResponse([]));
    await screen.findByText('No posts found');
    expect(screen.queryByText(GEOLOCATION_FAILED)).not.toBeInTheDocument();
    expect(localStorage.getItem(POSITION_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Use my position' })).toBeInTheDocument();
  });

  it('offers Nearest only with a position and a distance, and then sends order=nearest', async () => {
    spyOnGrant();
    const { calls, user } = renderFeed(() => jsonResponse([]));
    await screen.findByText('No posts found');
    expect(screen.getByRole('option', { name: 'Nearest' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Use my position' }));
    await user.selectOptions(await screen.findByLabelText('Sort by'), 'Nearest');
    await waitFor(() => expect(postsCalls(calls).at(-1)?.get('order')).toBe('nearest'));

    await user.selectOptions(screen.getByLabelText('Distance'), 'Any distance');
    expect(screen.getByRole('option', { name: 'Nearest' })).toBeDisabled();
    await waitFor(() => expect(postsCalls(calls).at(-1)?.get('order')).toBe('soonest'));
  });

  it('nearest first, shows online games under their own heading without a distance', async () => {
    localStorage.setItem(POSITION_STORAGE_KEY, 'granted');
    spyOnGrant();
    const { user } = renderFeed(() =>
      jsonResponse([
        { ...post(1, 'Box cricket at Powai'), distance: 4200 },
        { ...post(2, 'Valorant ranked'), sport: 'Valorant' },
      ]),
    );
    await screen.findByRole('article', { name: 'Box cricket at Powai' });
    expect(screen.queryByRole('heading', { name: 'Online games' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Nearest');
    expect(await screen.findByRole('heading', { name: 'Online games' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Box cricket at Powai' })).toHaveTextContent(
      '4.2 km',
    );
    expect(screen.getByRole('article', { name: 'Valorant ranked' })).not.toHaveTextContent(/km/);
  });

  it('refetches with the changed filters and a picked place', async () => {
    const { calls, user } = renderFeed(() => jsonResponse([]));
    await screen.findByText('No posts found');
    await user.click(screen.getByRole('checkbox', { name: 'Cricket' }));
    await user.type(screen.getByLabelText(/^Tags/), 'weekend, beginner');
    await user.type(screen.getByLabelText('Location'), 'Pun');
    await user.click(await screen.findByRole('option', { name: /Pune/ }));
    await waitFor(() => {
      const last = postsCalls(calls).at(-1);
      expect(last?.get('sports')).toBe('Cricket');
      expect(last?.get('tags')).toBe('weekend,beginner');
      expect(last?.get('location')).toBe('Pune');
      expect(last?.get('lat')).toBe('18.52');
      expect(last?.get('lng')).toBe('73.85');
      expect(last?.get('radius')).toBe('25000');
    });

    await user.selectOptions(screen.getByLabelText('Distance'), 'Any distance');
    await waitFor(() => expect(postsCalls(calls).at(-1)?.get('radius')).toBe('-1'));

    await user.click(screen.getByRole('radio', { name: 'Online games' }));
    await waitFor(() => {
      const last = postsCalls(calls).at(-1);
      expect(last?.get('filterType')).toBe('ESPORTS_ONLY');
      expect(last?.has('sports')).toBe(false);
    });
  });

  it('searches no radius around an approximate place until the member shares a position', async () => {
    const { calls, user } = renderFeed(
      () => jsonResponse([]),
      [
        {
          name: 'Kothrud',
          address: 'Kothrud, Pune, Maharashtra, India',
          coordinates: [73.85, 18.52],
          approximate: true,
        },
      ],
    );
    await screen.findByText('No posts found');
    await user.type(screen.getByLabelText('Location'), 'Kot');
    await user.click(await screen.findByRole('option', { name: /Kothrud.*Approximate area/ }));
    expect(
      await screen.findByText(
        'Only the rough area of Kothrud is known, so distances use your position.',
      ),
    ).toBeInTheDocument();
    // The next change of filters refetches, still without a point or a radius.
    await user.click(screen.getByRole('checkbox', { name: 'Cricket' }));
    await waitFor(() => expect(postsCalls(calls).at(-1)?.get('sports')).toBe('Cricket'));
    expect(postsCalls(calls).some((query) => query.has('lat') || query.has('radius'))).toBe(false);
    expect(screen.getByRole('option', { name: 'Nearest' })).toBeDisabled();
  });

  it('loads the next page with the cursor of the previous one', async () => {
    const { calls, user } = renderFeed((cursor) =>
      cursor === null
        ? jsonResponse([post(1, 'First game')], { headers: { 'X-Next-Cursor': 'c2' } })
        : jsonResponse([post(2, 'Second game')]),
    );
    await screen.findByRole('article', { name: 'First game' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Second game' })).toBeInTheDocument();
    expect(postsCalls(calls).at(-1)?.get('cursor')).toBe('c2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, targets: [] };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.targets.push(target);
        }
        disconnect() {
          this.entry.targets = [];
        }
      },
    );
    const { calls } = renderFeed((cursor) =>
      cursor === null
        ? jsonResponse([post(1, 'First game')], { headers: { 'X-Next-Cursor': 'c2' } })
        : jsonResponse([post(2, 'Second game')]),
    );
    await screen.findByRole('article', { name: 'First game' });
    const watching = observers.find((observer) => observer.targets.length > 0);
    if (!watching) throw new Error('nothing observed');
    watching.callback(
      [{ isIntersecting: true, target: watching.targets[0] } as IntersectionObserverEntry],
      {} as IntersectionObserver,
    );
    expect(await screen.findByRole('article', { name: 'Second game' })).toBeInTheDocument();
    expect(postsCalls(calls).at(-1)?.get('cursor')).toBe('c2');
  });

  describe('near me from the start', () => {
    const noHome = { ...testSettings, location_city: null, location_coordinates: null };
    const koramangala: Place = {
      name: 'Koramangala',
      address: 'Koramangala, Bengaluru, Karnataka',
      label: 'Koramangala, Bengaluru',
      coordinates: [77.6245, 12.9352],
    };

    it('starts at the home area within 25 km', async () => {
      const { calls } = renderFeed(
        () => jsonResponse([]),
        [PUNE],
        () =>
          jsonResponse({
            ...testSettings,
            location_city: 'Koramangala, Bengaluru',
            location_coordinates: [77.6245, 12.9352],
          }),
      );
      expect(
        await screen.findByText('Games within 25 km of Koramangala, Bengaluru'),
      ).toBeInTheDocument();
      await waitFor(() => expect(postsCalls(calls)).toHaveLength(1));
      const [first] = postsCalls(calls);
      expect(first?.get('lat')).toBe('12.9352');
      expect(first?.get('lng')).toBe('77.6245');
      expect(first?.get('radius')).toBe('25000');
      expect(screen.getByText('Using your home area, Koramangala, Bengaluru')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: /Where do you play/ })).toBeNull();
    });

    it('asks a new member for their area, saves it as the home point and starts there', async () => {
      let saved: unknown = null;
      const { calls, user } = renderFeed(
        () => jsonResponse([]),
        [koramangala],
        ({ method, body }) => {
          if (method === 'PUT') {
            saved = body;
            return jsonResponse({
              ...noHome,
              location_city: 'Koramangala, Bengaluru',
              location_coordinates: [77.6245, 12.9352],
            });
          }
          return jsonResponse(noHome);
        },
      );
      const prompt = await screen.findByRole('region', { name: 'Welcome! Where do you play?' });
      await user.type(within(prompt).getByRole('combobox', { name: 'Your area' }), 'Koram');
      await user.click(await screen.findByRole('option', { name: /Koramangala/ }));
      await user.click(within(prompt).getByRole('button', { name: 'Save my area' }));
      expect(
        await screen.findByText('Games within 25 km of Koramangala, Bengaluru'),
      ).toBeInTheDocument();
      expect(saved).toEqual({
        location_city: 'Koramangala, Bengaluru',
        location_coordinates: [77.6245, 12.9352],
      });
      await waitFor(() => expect(postsCalls(calls).at(-1)?.get('lat')).toBe('12.9352'));
      expect(screen.queryByRole('region', { name: /Where do you play/ })).toBeNull();
    });

    it('saves the position, named by the reverse lookup, on "Use my current position"', async () => {
      spyOnGrant();
      let saved: unknown = null;
      renderFeed(
        () => jsonResponse([]),
        [PUNE],
        ({ method, body }) => {
          if (method === 'PUT') {
            saved = body;
            return jsonResponse({ ...noHome, location_city: 'Koramangala, Bengaluru' });
          }
          return jsonResponse(noHome);
        },
      );
      // Asked before, a "Not now" long ago: asked again, without the welcome.
      localStorage.setItem(areaPromptKey(testUser.id), '1');
      const prompt = await screen.findByRole('region', { name: 'Where do you play?' });
      await userEvent
        .setup()
        .click(within(prompt).getByRole('button', { name: 'Use my current position' }));
      await waitFor(() =>
        expect(saved).toEqual({
          location_city: 'Koramangala, Bengaluru',
          location_coordinates: [72.87, 19.07],
        }),
      );
    });

    it('asks again, gently, a week after "Not now", never before', async () => {
      const settings = () => jsonResponse(noHome);
      const { user } = renderFeed(() => jsonResponse([]), [PUNE], settings);
      const prompt = await screen.findByRole('region', { name: 'Welcome! Where do you play?' });
      await user.click(within(prompt).getByRole('button', { name: 'Not now' }));
      expect(screen.queryByRole('region', { name: /Where do you play/ })).toBeNull();
      const snoozedAt = Number(localStorage.getItem(areaPromptKey(testUser.id)));
      expect(areaPromptDue(testUser.id, snoozedAt + 6 * 24 * 3600_000)).toBe(false);
      expect(areaPromptDue(testUser.id, snoozedAt + AREA_PROMPT_SNOOZE_DAYS * 24 * 3600_000)).toBe(
        true,
      );
    });
  });
});

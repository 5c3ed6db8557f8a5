import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import type { UserSearchResult } from '@gameon/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LocationProbe, jsonResponse, mockFetch, renderWithProviders } from '../../../test/utils';
import type { FetchCall } from '../../../test/utils';
import { SearchPage } from './SearchPage';

function person(id: number, username: string, extra: Partial<UserSearchResult> = {}) {
  return {
    id,
    username,
    bio: 'Weekend cricket at Powai',
    sports: ['Cricket'],
    tags: ['turf'],
    profile_picture_url: null,
    is_following: false,
    ...extra,
  } satisfies UserSearchResult;
}

function renderPage(handler: (call: FetchCall) => Response | Promise<Response>) {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  const calls = mockFetch(handler);
  renderWithProviders(<SearchPage />, {
    route: '/search',
    path: '/search',
    extraRoutes: (
      <>
        <Route path="/messages" element={<LocationProbe />} />
        <Route path="/profile/:userId" element={<LocationProbe />} />
      </>
    ),
  });
  return { calls, user: userEvent.setup() };
}

const searchCalls = (calls: FetchCall[]) =>
  calls.filter((call) => call.url.pathname === '/api/users/search');

const box = () => screen.getByRole('searchbox', { name: 'Search people' });

describe('Find People (spec part 1 §2, §5)', () => {
  it('does not search until more than 2 characters are typed', async () => {
    const { calls, user } = renderPage(() => jsonResponse([]));
    await user.type(box(), 'pr');
    // Longer than the debounce.
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(searchCalls(calls)).toHaveLength(0);
    expect(screen.getByText('Type at least 3 characters.')).toBeInTheDocument();

    await user.type(box(), 'i');
    await waitFor(() => expect(searchCalls(calls)).toHaveLength(1));
    expect(searchCalls(calls)[0]?.url.searchParams.get('q')).toBe('pri');
    expect(searchCalls(calls)[0]?.url.searchParams.get('limit')).toBe('20');
  });

  it("says 'No users found' when nothing matches", async () => {
    const { user } = renderPage(() => jsonResponse([]));
    await user.type(box(), 'zzzz');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('shows each result with username, bio, sports and tags', async () => {
    const { user } = renderPage(() => jsonResponse([person(3, 'rahul')]));
    await user.type(box(), 'rah');
    const card = await screen.findByRole('article', { name: 'rahul' });
    expect(within(card).getByText('Weekend cricket at Powai')).toBeInTheDocument();
    expect(within(card).getByText('Cricket')).toBeInTheDocument();
    expect(within(card).getByText('#turf')).toBeInTheDocument();
  });

  it('follows, shows Following and only then Message; unfollowing hides Message', async () => {
    let release: () => void = () => undefined;
    const { calls, user } = renderPage(({ url }) => {
      if (url.pathname === '/api/users/3/follow')
        return new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse({ success: true, following: true }));
        });
      if (url.pathname === '/api/users/3/unfollow')
        return jsonResponse({ success: true, following: false });
      return jsonResponse([person(3, 'rahul')]);
    });
    await user.type(box(), 'rah');
    const card = await screen.findByRole('article', { name: 'rahul' });
    expect(within(card).queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Follow' }));
    expect(within(card).getByRole('button', { name: 'Follow' })).toBeDisabled();
    release();
    const following = await within(card).findByRole('button', { name: 'Following' });
    expect(following).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Message' })).toBeInTheDocument();
    const follow = calls.find((call) => call.url.pathname === '/api/users/3/follow');
    expect(follow?.method).toBe('POST');

    await user.click(following);
    expect(await within(card).findByRole('button', { name: 'Follow' })).toBeEnabled();
    expect(within(card).queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === '/api/users/3/unfollow')).toBe(true);
  });

  it('keeps the label when following fails (logged only)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderPage(({ url }) =>
      url.pathname === '/api/users/3/follow'
        ? jsonResponse({ success: false, message: 'Server error' }, { status: 500 })
        : jsonResponse([person(3, 'rahul')]),
    );
    await user.type(box(), 'rah');
    const card = await screen.findByRole('article', { name: 'rahul' });
    await user.click(within(card).getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(within(card).getByRole('button', { name: 'Follow' })).toBeEnabled();
  });

  it('opens a direct conversation with a followed member from Message', async () => {
    const { user } = renderPage(() => jsonResponse([person(3, 'rahul', { is_following: true })]));
    await user.type(box(), 'rah');
    const card = await screen.findByRole('article', { name: 'rahul' });
    await user.click(within(card).getByRole('button', { name: 'Message' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/messages|{"startConversation":{"userId":3,"username":"rahul"}}',
    );
  });

  it("opens the member's profile from the result", async () => {
    const { user } = renderPage(() => jsonResponse([person(3, 'rahul')]));
    await user.type(box(), 'rah');
    await user.click(await screen.findByRole('link', { name: 'rahul' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/3|null');
  });

  it('loads the next page with the cursor', async () => {
    const { calls, user } = renderPage(({ url }) =>
      url.searchParams.get('cursor') === '20'
        ? jsonResponse([person(4, 'rahulk')])
        : jsonResponse([person(3, 'rahul')], { headers: { 'X-Next-Cursor': '20' } }),
    );
    await user.type(box(), 'rah');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'rahulk' })).toBeInTheDocument();
    expect(searchCalls(calls).at(-1)?.url.searchParams.get('cursor')).toBe('20');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuth } from '../../lib/session';
import { createTestQueryClient, jsonResponse, mockFetch, testUser } from '../../test/utils';
import { AppProviders } from '../providers';
import { AppLayout } from './AppLayout';

/** The layout once the stored session is checked, as the route table shows it. */
function SignedInLayout() {
  return useAuth().user === null ? null : <AppLayout />;
}

function FirstPage() {
  return (
    <>
      <h1>First page</h1>
      <label>
        Sports
        <input type="radio" name="sport" />
      </label>
      <Link to="/next">Go next</Link>
    </>
  );
}

function NextPage() {
  return <h1>Next page</h1>;
}

describe('AppLayout navigation', () => {
  it("shows the loading state, not the previous page, while the next page's code loads", async () => {
    mockFetch(({ url }) => {
      if (url.pathname === '/api/auth/me') return jsonResponse(testUser);
      if (url.pathname === '/api/messages/unread-count') return jsonResponse({ total: 0 });
      if (url.pathname === '/api/notifications/unread-count') return jsonResponse({ count: 0 });
      if (url.pathname === '/api/notifications') return jsonResponse([]);
      return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
    });
    // The next page's code arrives only when the test says so.
    let loadNextPage: () => void = () => undefined;
    const PendingPage = lazy(
      () =>
        new Promise<{ default: typeof NextPage }>((resolve) => {
          loadNextPage = () => resolve({ default: NextPage });
        }),
    );
    const router = createMemoryRouter(
      [
        {
          element: <SignedInLayout />,
          children: [
            { path: '/', element: <FirstPage /> },
            { path: '/next', element: <PendingPage /> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    localStorage.setItem(TOKEN_STORAGE_KEY, 'good');
    render(
      <AppProviders queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Go next' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading', { name: 'First page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Sports' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/next');

    act(() => loadNextPage());
    expect(await screen.findByRole('heading', { name: 'Next page' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

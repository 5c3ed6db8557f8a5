import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, jsonResponse, mockFetch, testUser } from '../test/utils';
import { AppProviders } from './providers';

/**
 * The browser's service worker container (the browser's part, not GameOn's): an event target
 * with `controller`, and `register` answering a registration.
 */
function fakeServiceWorkers(controlled: boolean) {
  const container = new EventTarget();
  const listening = vi.spyOn(container, 'addEventListener');
  const registration = { update: vi.fn(() => Promise.resolve()) };
  Object.assign(container, {
    controller: controlled ? {} : null,
    register: vi.fn(() => Promise.resolve(registration)),
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return { container, listening, registration };
}

async function renderSignedInApp(controlled: boolean) {
  const browser = fakeServiceWorkers(controlled);
  mockFetch(({ url }) =>
    url.pathname === '/api/auth/me'
      ? jsonResponse(testUser)
      : jsonResponse({ success: false, message: 'Not found' }, { status: 404 }),
  );
  localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <p>page</p>
    </AppProviders>,
  );
  await waitFor(() =>
    expect(browser.listening).toHaveBeenCalledWith('controllerchange', expect.any(Function)),
  );
  return browser;
}

afterEach(() => {
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
});

describe('a new version of the app (service worker update)', () => {
  it('offers a reload when a deploy’s worker takes over a member’s open page', async () => {
    const { container } = await renderSignedInApp(true);
    expect(screen.queryByText('A new version of GameOn is available.')).not.toBeInTheDocument();
    act(() => {
      container.dispatchEvent(new Event('controllerchange'));
    });
    expect(screen.getByRole('status')).toHaveTextContent('A new version of GameOn is available.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
  });

  it('says nothing when the first worker takes over, and checks for a new version when shown again', async () => {
    const { container, registration } = await renderSignedInApp(false);
    act(() => {
      container.dispatchEvent(new Event('controllerchange'));
    });
    expect(screen.queryByText('A new version of GameOn is available.')).not.toBeInTheDocument();
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(registration.update).toHaveBeenCalledOnce();
  });
});

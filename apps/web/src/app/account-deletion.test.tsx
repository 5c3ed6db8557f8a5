import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openSignedInApp } from '../test/app';
import { sockets } from '../test/fake-socket';
import { jsonResponse, mockFetch, testUser } from '../test/utils';
import type { FetchCall } from '../test/utils';

/**
 * A member's server that deletes the account on `DELETE /api/account` once `answerDelete` is
 * called; from then on the token is dead, as on the real server (every call with it is 401).
 */
function accountServer() {
  let deleted = false;
  let answerDelete: () => void = () => undefined;
  const calls = mockFetch((call: FetchCall) => {
    if (call.url.pathname === '/api/account' && call.method === 'DELETE') {
      return new Promise<Response>((resolve) => {
        answerDelete = () => {
          deleted = true;
          resolve(jsonResponse({ success: true }));
        };
      });
    }
    if (deleted) return jsonResponse({ success: false, message: 'Unauthorized' }, { status: 401 });
    switch (call.url.pathname) {
      case '/api/auth/me':
        return jsonResponse(testUser);
      case '/api/auth/sessions':
      case '/api/users/blocked':
        return jsonResponse([]);
      case '/api/messages/unread-count':
        return jsonResponse({ total: 0 });
      case '/api/notifications/unread-count':
        return jsonResponse({ count: 0 });
      default:
        return jsonResponse([]);
    }
  });
  return { calls, answerDelete: () => answerDelete() };
}

describe('deleting the account (Settings > Security)', () => {
  it('ends on a page that says the account is gone, without a 401 or a sign-out to /login', async () => {
    const server = accountServer();
    const errors = vi.spyOn(console, 'error');
    const { router, socket, user } = await openSignedInApp('/settings?tab=security', sockets);
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Password'), 'Secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    // The server deletes the account and drops its socket; a reconnect would be refused.
    await waitFor(() => expect(socket.closed).toBe(true));
    socket.serverEmit('disconnect', 'io server disconnect');
    socket.serverEmit('connect_error', new Error('unauthorized'));
    server.answerDelete();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account has been deleted' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account-deleted');
    await waitFor(() => expect(document.title).toBe('Account deleted · GameOn'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(server.calls.some((call) => call.url.pathname === '/api/auth/logout')).toBe(false);
    const afterDelete = server.calls.slice(
      server.calls.findIndex((call) => call.url.pathname === '/api/account') + 1,
    );
    expect(afterDelete.filter((call) => call.headers.get('Authorization'))).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('keeps the session and reopens the socket when the password is wrong', async () => {
    let refuse: () => void = () => undefined;
    mockFetch((call) =>
      call.url.pathname === '/api/account'
        ? new Promise<Response>((resolve) => {
            refuse = () =>
              resolve(
                jsonResponse({ success: false, message: 'Password is incorrect' }, { status: 400 }),
              );
          })
        : call.url.pathname === '/api/auth/me'
          ? jsonResponse(testUser)
          : jsonResponse([]),
    );
    const { router, socket, user } = await openSignedInApp('/settings?tab=security', sockets);
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Password'), 'Wrong123');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(socket.closed).toBe(true));
    refuse();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Password is incorrect');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('good');
    expect(router.state.location.pathname).toBe('/settings');
    await waitFor(() => expect(sockets.at(-1)).not.toBe(socket));
    expect(sockets.at(-1)?.closed).toBe(false);
  });
});

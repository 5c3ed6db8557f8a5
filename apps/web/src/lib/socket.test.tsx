import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sockets } from '../test/fake-socket';
import { SocketProvider, useSocket } from './socket';

/** The socket the provider opened last, once it has loaded the Socket.IO client. */
async function openedSocket(before: number) {
  await vi.waitFor(() => expect(sockets.length).toBe(before + 1));
  return sockets.at(-1);
}

function SendProbe() {
  const { sendGroupMessage } = useSocket();
  const [result, setResult] = useState('');
  return (
    <button
      type="button"
      onClick={() => void sendGroupMessage(5, 'hi').then((r) => setResult(JSON.stringify(r)))}
    >
      send {result}
    </button>
  );
}

describe('SocketProvider', () => {
  it('throws when useSocket is used outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useSocket())).toThrow(/SocketProvider/);
  });

  it('connects with the token and the spec reconnection settings, and joins on connect', async () => {
    const before = sockets.length;
    render(
      <SocketProvider token="tok" userId={7} onUnauthorized={() => undefined}>
        <span />
      </SocketProvider>,
    );
    const socket = await openedSocket(before);
    expect(socket?.options).toMatchObject({
      path: '/socket.io',
      auth: { token: 'tok' },
      timeout: 20000,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      reconnectionAttempts: Infinity,
    });
    socket?.serverEmit('connect');
    expect(socket?.emitted).toContainEqual({ event: 'join', args: [7] });
  });

  it("signs out when the server refuses the token ('unauthorized')", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onUnauthorized = vi.fn();
    const before = sockets.length;
    render(
      <SocketProvider token="bad" userId={7} onUnauthorized={onUnauthorized}>
        <span />
      </SocketProvider>,
    );
    const socket = await openedSocket(before);
    socket?.serverEmit('connect_error', new Error('timeout'));
    expect(onUnauthorized).not.toHaveBeenCalled();
    socket?.serverEmit('connect_error', new Error('unauthorized'));
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('closes the socket on sign-out', async () => {
    const before = sockets.length;
    const { rerender } = render(
      <SocketProvider token="tok" userId={7} onUnauthorized={() => undefined}>
        <span />
      </SocketProvider>,
    );
    const socket = await openedSocket(before);
    rerender(
      <SocketProvider token={null} userId={null} onUnauthorized={() => undefined}>
        <span />
      </SocketProvider>,
    );
    expect(socket?.closed).toBe(true);
  });

  it('logs and does nothing when an action has no socket', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const created = sockets.length;
    render(
      <SocketProvider token={null} userId={null} onUnauthorized={() => undefined}>
        <SendProbe />
      </SocketProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button'));
    expect(await screen.findByText(/Not connected/)).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('no socket connection'));
    expect(sockets.length).toBe(created);
  });
});

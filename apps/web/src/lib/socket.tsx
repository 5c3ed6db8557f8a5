/**
 * The real-time session (spec part 1 §4 "Real-time session", §9; CONTRACT.md "Socket.IO"):
 * one Socket.IO connection while a member is signed in, closed on sign-out or user change. The
 * Socket.IO client is loaded only when a member signs in, so a visitor never downloads it.
 */
import { SOCKET_UNAUTHORIZED } from '@gameon/shared';
import type {
  Ack,
  ClientToServerEvents,
  DirectMessage,
  GroupMessage,
  ServerToClientEvents,
} from '@gameon/shared';
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { Socket } from 'socket.io-client';

export type GameOnSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** How long an acknowledgement may take before a send counts as failed. */
const ACK_TIMEOUT_MS = 15_000;

/** What a send resolves with: the stored message, or the reason it was not sent. */
export type SendResult<M> = { ok: true; message: M } | { ok: false; error: string };

export interface SocketContextValue {
  /** The live socket, or null while signed out. */
  socket: GameOnSocket | null;
  connected: boolean;
  /** Joins a group chat's room; logs failures (spec part 1 §8). */
  joinGroupChat: (groupChatId: number) => void;
  /** Leaves a group chat's room; logs failures. */
  leaveGroupChat: (groupChatId: number) => void;
  /** Sends a group message and waits for the server's acknowledgement. */
  sendGroupMessage: (groupChatId: number, content: string) => Promise<SendResult<GroupMessage>>;
  /** Sends a direct message and waits for the server's acknowledgement. */
  sendDirectMessage: (recipientId: number, content: string) => Promise<SendResult<DirectMessage>>;
  /** Tells `recipientId` whether the member is typing to them (`directTyping`). */
  directTyping: (recipientId: number, isTyping: boolean) => void;
  /** Tells a group chat's other members whether the member is typing (`groupTyping`). */
  groupTyping: (groupChatId: number, isTyping: boolean) => void;
}

const SocketContext = createContext<SocketContextValue | null>(null);

function logNoSocket(action: string): void {
  console.error(`Socket action "${action}" ignored: no socket connection`);
}

/**
 * Emits a send through `emit` and waits for the server's acknowledgement, at most
 * {@link ACK_TIMEOUT_MS}; failures are logged and resolved as `{ok: false}` (spec part 1 §8).
 */
function sendWithAck<M>(
  socket: GameOnSocket | null,
  action: string,
  emit: (socket: GameOnSocket, ack: Ack<{ message: M }>) => void,
): Promise<SendResult<M>> {
  if (!socket) {
    logNoSocket(action);
    return Promise.resolve({ ok: false, error: 'Not connected to chat' });
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      console.error(`${action}: no acknowledgement`);
      resolve({ ok: false, error: 'The server did not answer' });
    }, ACK_TIMEOUT_MS);
    emit(socket, (response) => {
      clearTimeout(timer);
      if (response.success) resolve({ ok: true, message: response.message });
      else {
        console.error(`${action} failed:`, response.message);
        resolve({ ok: false, error: response.message });
      }
    });
  });
}

interface SocketProviderProps {
  /** Session token; no socket exists without one. */
  token: string | null;
  /** The signed-in member's id, sent with `join` on every connect. */
  userId: number | null;
  /** Called when the server refuses the token (`connect_error` 'unauthorized'). */
  onUnauthorized: () => void;
  children: ReactNode;
}

/** Opens the socket while `token` and `userId` are set and shares it with {@link useSocket}. */
export function SocketProvider({ token, userId, onUnauthorized, children }: SocketProviderProps) {
  const [socket, setSocket] = useState<GameOnSocket | null>(null);
  const [connected, setConnected] = useState(false);
  const onUnauthorizedRef = useRef(onUnauthorized);
  useEffect(() => {
    onUnauthorizedRef.current = onUnauthorized;
  });

  useEffect(() => {
    if (token === null || userId === null) return;
    let next: GameOnSocket | null = null;
    let closed = false;
    void import('socket.io-client').then(
      ({ io }) => {
        if (closed) return;
        const live: GameOnSocket = io({
          path: '/socket.io',
          auth: { token },
          timeout: 20_000,
          reconnectionDelay: 1000,
          reconnectionDelayMax: 5000,
          randomizationFactor: 0.5,
          reconnectionAttempts: Infinity,
        });
        live.on('connect', () => {
          setConnected(true);
          live.emit('join', userId);
        });
        live.on('disconnect', (reason) => {
          setConnected(false);
          // The server closed the session (e.g. token revoked); reconnecting re-checks the token.
          if (reason === 'io server disconnect') live.connect();
        });
        live.on('connect_error', (error) => {
          console.error('Socket connection error:', error.message);
          if (error.message === SOCKET_UNAUTHORIZED) onUnauthorizedRef.current();
        });
        next = live;
        setSocket(live);
      },
      (error: unknown) => console.error('Could not load the socket client', error),
    );
    return () => {
      closed = true;
      next?.removeAllListeners();
      next?.close();
      setSocket(null);
      setConnected(false);
    };
  }, [token, userId]);

  const value = useMemo<SocketContextValue>(
    () => ({
      socket,
      connected,
      joinGroupChat(groupChatId) {
        if (!socket) return logNoSocket('joinGroupChat');
        socket.emit('joinGroupChat', groupChatId, (response) => {
          if (!response.success) console.error('Could not join group chat:', response.message);
        });
      },
      directTyping(recipientId, isTyping) {
        if (!socket) return logNoSocket('directTyping');
        socket.emit('directTyping', { recipientId, isTyping });
      },
      groupTyping(groupChatId, isTyping) {
        if (!socket) return logNoSocket('groupTyping');
        socket.emit('groupTyping', { groupChatId, isTyping });
      },
      leaveGroupChat(groupChatId) {
        if (!socket) return logNoSocket('leaveGroupChat');
        socket.emit('leaveGroupChat', groupChatId, (response) => {
          if (!response.success) console.error('Could not leave group chat:', response.message);
        });
      },
      sendGroupMessage(groupChatId, content) {
        return sendWithAck<GroupMessage>(socket, 'sendGroupMessage', (live, ack) =>
          live.emit('sendGroupMessage', { groupChat: groupChatId, content }, ack),
        );
      },
      sendDirectMessage(recipientId, content) {
        return sendWithAck<DirectMessage>(socket, 'sendDirectMessage', (live, ack) =>
          live.emit('sendDirectMessage', { recipientId, content }, ack),
        );
      },
    }),
    [socket, connected],
  );

  return <SocketContext value={value}>{children}</SocketContext>;
}

/** The socket context. Throws when used outside {@link SocketProvider} (spec part 1 §8). */
export function useSocket(): SocketContextValue {
  const value = useContext(SocketContext);
  if (value === null) throw new Error('useSocket must be used within a SocketProvider');
  return value;
}

/** A ref that always holds the latest `value`, for listeners registered once per socket. */
function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** Runs `handler` for every `event` from the server while the socket exists. */
export function useSocketEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const { socket } = useSocket();
  const handlerRef = useLatest(handler);
  useEffect(() => {
    if (!socket) return;
    const listener = (...args: Parameters<ServerToClientEvents[E]>) =>
      (handlerRef.current as (...a: Parameters<ServerToClientEvents[E]>) => void)(...args);
    const untyped = socket as unknown as {
      on: (name: string, fn: typeof listener) => void;
      off: (name: string, fn: typeof listener) => void;
    };
    untyped.on(event, listener);
    return () => {
      untyped.off(event, listener);
    };
  }, [socket, event, handlerRef]);
}

/**
 * Runs `handler` on every connect of the socket, the first one and each after a reconnect, so
 * the caller can refetch whatever arrived while no live connection existed (spec part 1 §4
 * "Real-time session": nothing sent while a member was away goes missing).
 */
export function useSocketConnect(handler: () => void): void {
  const { socket } = useSocket();
  const handlerRef = useLatest(handler);
  useEffect(() => {
    if (!socket) return;
    const listener = () => handlerRef.current();
    socket.on('connect', listener);
    return () => {
      socket.off('connect', listener);
    };
  }, [socket, handlerRef]);
}

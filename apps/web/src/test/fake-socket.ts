/** A stand-in for a socket.io-client socket: records emits, lets a test play the server. */
type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  readonly emitted: { event: string; args: unknown[] }[] = [];
  readonly auth: unknown;
  /** Every option `io()` was called with. */
  readonly options: Record<string, unknown>;
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Answers acknowledged emits; by default every ack succeeds with no data. */
  ackWith: (event: string, args: unknown[]) => unknown = () => ({ success: true });
  closed = false;

  constructor(options: { auth?: unknown } & Record<string, unknown>) {
    this.auth = options.auth;
    this.options = options;
  }

  on(event: string, listener: Listener) {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  removeAllListeners() {
    this.listeners.clear();
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    const last = args.at(-1);
    const ack = typeof last === 'function' ? (last as Listener) : null;
    const payload = ack ? args.slice(0, -1) : args;
    this.emitted.push({ event, args: payload });
    if (ack) queueMicrotask(() => ack(this.ackWith(event, payload)));
    return this;
  }

  connect() {
    return this;
  }

  close() {
    this.closed = true;
    return this;
  }

  /** Plays a server event to the client's listeners. */
  serverEmit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

/**
 * Every socket the app opened in this test file, newest last: `socket.io-client` is replaced by
 * FakeSocket for every web test (test/setup.ts), so a test plays the server through these.
 */
export const sockets: FakeSocket[] = [];

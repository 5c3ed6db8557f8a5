/** A stand-in for a socket.io-client socket: records emits, lets a test play the server. */
type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  readonly emitted: { event: string; args: unknown[] }[] = [];
  readonly auth: unknown;
  /** Every option `io()` was called with. */
  readonly options: Record<string, unknown>;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly managerListeners = new Map<string, Set<Listener>>();
  /** Answers acknowledged emits; by default every ack succeeds with no data. */
  ackWith: (event: string, args: unknown[]) => unknown = () => ({ success: true });
  closed = false;

  readonly io = {
    on: (event: string, listener: Listener) => this.add(this.managerListeners, event, listener),
    off: (event: string, listener: Listener) => this.managerListeners.get(event)?.delete(listener),
  };

  constructor(options: { auth?: unknown } & Record<string, unknown>) {
    this.auth = options.auth;
    this.options = options;
  }

  private add(map: Map<string, Set<Listener>>, event: string, listener: Listener) {
    const set = map.get(event) ?? new Set<Listener>();
    set.add(listener);
    map.set(event, set);
  }

  on(event: string, listener: Listener) {
    this.add(this.listeners, event, listener);
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

  /** Plays a manager event (e.g. 'reconnect'). */
  managerEmit(event: string) {
    for (const listener of this.managerListeners.get(event) ?? []) listener();
  }
}

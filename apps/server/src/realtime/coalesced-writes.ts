/**
 * One socket write per connection per turn of the event loop.
 *
 * Engine.IO hands each packet to the transport as soon as it is made. Over WebSocket, `ws` then
 * writes each frame in its own system call. Behind a direct message, the sender's socket gets the
 * acknowledgement and `directMessageDelivered`, and the recipient's socket gets the message and
 * its `notification`. Each frame cost one `writev`, about 30 µs on the bench machine, where a
 * loopback write also runs the receiving side's network stack. That was the largest single
 * cost of delivering a message.
 *
 * This waits until the end of the current turn (`setImmediate`, after the turn's input is read)
 * to flush a connection's packets. It holds the TCP socket corked while the transport writes
 * them, so they leave in one write. The order of the packets is unchanged, and so is what is
 * sent. A packet waits at most for the rest of the turn it was made in.
 */

/** The net socket under a `ws` WebSocket: `ws` keeps it in `_socket`, as Engine.IO reads `_sender`. */
interface Corkable {
  cork(): void;
  uncork(): void;
}

/** The parts of an Engine.IO socket this uses (the `connection` event's argument). */
export interface EngineConnection {
  /** Sends the buffered packets when the transport can take them. */
  flush(): void;
  /** The current transport; over WebSocket, `socket` is the `ws` WebSocket. */
  transport: { socket?: { _socket?: Corkable } };
}

/**
 * Makes `connection` flush its packets once at the end of the turn, in one write: see the module
 * comment. Polling transports have no socket to cork, and get the deferred flush alone.
 */
export function coalesceWrites(connection: EngineConnection): void {
  const flushNow = connection.flush.bind(connection);
  let scheduled = false;
  const flushCorked = () => {
    scheduled = false;
    // Read at flush time: an upgrade from polling to WebSocket replaces the transport.
    const tcp = connection.transport.socket?._socket;
    tcp?.cork();
    try {
      flushNow();
    } finally {
      tcp?.uncork();
    }
  };
  connection.flush = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flushCorked);
  };
}

/**
 * A client process of `bench/run.ts`: it holds authenticated sockets and, when told,
 * sends direct messages among them and measures each one's send-to-ack and send-to-receipt time
 * on its own clock. The 10,000 sockets and the 2,000 messages a second of the realtime scenarios
 * are spread over a few of these, so no one client event loop is what the bench measures.
 * Speaks over the IPC channel of `fork`:
 *
 *   in:  {kind: 'connect', groups: [{url, tokens}], wave}  one websocket per token, `wave` at a time
 *   out: {connected, failed}
 *   in:  {kind: 'direct', label, recipientIds, rate, warmupSeconds, seconds}  the first half of
 *        the sockets send to the second half (sender i to recipient i, member id recipientIds[i])
 *        at `rate` a second, measured after `warmupSeconds`
 *   out: {sent, warmupSent, refused, elapsedSeconds, ack: ms[], delivery: ms[], deliveryBySecond: ms[][],
 *         warmupDelivery: ms[]}
 *   in:  'close'  disconnects every socket and exits
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';

export type ClientCommand =
  | { kind: 'connect'; groups: { url: string; tokens: string[] }[]; wave: number }
  | {
      kind: 'direct';
      label: string;
      recipientIds: number[];
      rate: number;
      warmupSeconds: number;
      seconds: number;
    };

export interface DirectReport {
  /** Messages sent after the warm-up. */
  sent: number;
  warmupSent: number;
  refused: number;
  elapsedSeconds: number;
  ack: number[];
  delivery: number[];
  /** The delivery times of the messages sent in each second of the run, by that second. */
  deliveryBySecond: number[][];
  /** The delivery times of the warm-up's messages, which the others leave out. */
  warmupDelivery: number[];
  /** This client's event-loop delay while it measured: its own stalls count in every time. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

const sockets: Socket[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens one websocket; resolves true once connected, false when refused. */
function connect(url: string, token: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = io(url, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      timeout: 60_000,
    });
    sockets.push(socket);
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => resolve(false));
  });
}

async function connectAll(command: Extract<ClientCommand, { kind: 'connect' }>) {
  let connected = 0;
  let failed = 0;
  for (const { url, tokens } of command.groups) {
    for (let i = 0; i < tokens.length; i += command.wave) {
      const wave = tokens.slice(i, i + command.wave);
      for (const ok of await Promise.all(wave.map((t) => connect(url, t)))) {
        if (ok) connected++;
        else failed++;
      }
    }
  }
  return { connected, failed };
}

/**
 * How many messages are due `elapsedMs` after the start when the rate rises evenly from 0 to
 * `rate` a second over the first `warmupMs`, then stays at `rate`.
 */
function dueAfter(elapsedMs: number, rate: number, warmupMs: number): number {
  const perMs = rate / 1000;
  if (elapsedMs < warmupMs) return Math.floor((perMs * elapsedMs * elapsedMs) / (2 * warmupMs));
  return Math.floor(perMs * (warmupMs / 2 + elapsedMs - warmupMs));
}

/**
 * Sends in 10 ms ticks, first for `warmupSeconds` unmeasured with the rate rising to `rate` a
 * second ({@link dueAfter}; their delivery times are kept apart, in `warmupDelivery`), then for
 * `seconds` measured at `rate` a second; then waits 2 s for the last ones.
 */
async function direct(command: Extract<ClientCommand, { kind: 'direct' }>): Promise<DirectReport> {
  const pairs = Math.floor(sockets.length / 2);
  const senders = sockets.slice(0, pairs);
  const recipients = sockets.slice(pairs, 2 * pairs);
  const warmupMs = command.warmupSeconds * 1000;
  const sentAt = new Map<string, { at: number; measured: boolean }>();
  const delivery: number[] = [];
  const warmupDelivery: number[] = [];
  const deliveryBySecond: number[][] = [];
  const ack: number[] = [];
  let refused = 0;
  let measuredSent = 0;
  const onMessage = (message: { content: string }) => {
    const sent = sentAt.get(message.content);
    if (sent === undefined) return;
    const latency = performance.now() - sent.at;
    if (!sent.measured) return void warmupDelivery.push(latency);
    delivery.push(latency);
    (deliveryBySecond[Math.floor((sent.at - started - warmupMs) / 1000)] ??= []).push(latency);
  };
  const started = performance.now();
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  let watching = false;
  for (const socket of recipients) socket.on('newDirectMessage', onMessage);
  let seq = 0;
  while (performance.now() - started < warmupMs + command.seconds * 1000) {
    // Due by the clock, not by the ticks: a late tick sends what the missed ones would have.
    const due = dueAfter(performance.now() - started, command.rate, warmupMs);
    while (seq < due) {
      const pair = seq % senders.length;
      const content = `${command.label} ${seq++}`;
      const at = performance.now();
      const measured = at - started >= warmupMs;
      if (measured) measuredSent++;
      sentAt.set(content, { at, measured });
      senders[pair]!.emit(
        'sendDirectMessage',
        { recipientId: command.recipientIds[pair]!, content },
        (answer: { success: boolean }) => {
          if (!answer.success) refused++;
          else if (measured) ack.push(performance.now() - at);
        },
      );
    }
    await sleep(10);
    if (!watching && performance.now() - started >= warmupMs) watching = loopDelay.enable();
  }
  loopDelay.disable();
  const elapsedSeconds = (performance.now() - started - warmupMs) / 1000;
  await sleep(2000);
  for (const socket of recipients) socket.off('newDirectMessage', onMessage);
  return {
    sent: measuredSent,
    warmupSent: seq - measuredSent,
    refused,
    elapsedSeconds,
    ack,
    delivery,
    deliveryBySecond,
    warmupDelivery,
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    loopDelayMaxMs: loopDelay.max / 1e6,
  };
}

process.on('message', (command: ClientCommand | 'close') => {
  if (command === 'close') {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
  void (command.kind === 'connect' ? connectAll(command) : direct(command)).then((report) =>
    process.send?.(report),
  );
});

/**
 * A real server process for the shutdown tests: `node --import tsx src/main.ts` as a
 * child with its own environment, a free loopback port and its stdout piped to the test, so a
 * test can read its log, close the log's reader and send it signals.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import type { ClientSocket } from './harness.js';

const serverRoot = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Bytes the process has written to stdout so far. */
  logBytes(): number;
  /** Its stdout so far, as text. */
  logText(): string;
  /** Resolves with the exit code (null if killed by a signal), or rejects after `ms`. */
  exited(ms: number): Promise<number | null>;
  /** Kills it if still running and removes its temporary directory. */
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the server with `env` on top of: a fresh SQLite file with the demo data, uploads in a
 * temporary directory, no web app, info logging. Resolves once `/api/health` answers.
 * @throws Error when the process exits (its message carries the exit code and stderr) or does
 *   not answer within 60 s.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-process-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dir, 'test.db')}`,
      UPLOADS_DIR: path.join(dir, 'uploads'),
      SEED_DEMO: 'true',
      WEB_DIST: '',
      LOG_LEVEL: 'info',
      RATE_LIMITS: 'off',
      PLACES_URL: 'http://127.0.0.1:9/places',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: Buffer[] = [];
  let bytes = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    bytes += chunk.length;
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Its output ends after it has exited: 'close' comes once stdout and stderr are drained.
  const closed = new Promise((resolve) => child.once('close', resolve));
  const url = `http://127.0.0.1:${port}`;

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      await closed;
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`server exited at start with ${child.exitCode}: ${stderr}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) throw new Error(`server did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    child,
    url,
    logBytes: () => bytes,
    logText: () => Buffer.concat(chunks).toString(),
    exited: (ms) =>
      Promise.race([
        exit,
        new Promise<never>((_resolve, reject) =>
          setTimeout(() => reject(new Error(`still running after ${ms} ms`)), ms).unref(),
        ),
      ]),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exit;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Signs in as a demo member through `/api/auth/login`; returns the session token. */
export async function demoToken(url: string, email = 'arjun@gameon.test'): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'gameon123' }),
  });
  if (!response.ok) throw new Error(`login ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** A connected socket.io-client socket on `url` for `token` (websocket, no reconnection). */
export function connectSocket(url: string, token: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

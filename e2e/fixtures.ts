/**
 * Playwright fixtures: one real GameOn server per worker (the built web app, a fresh SQLite
 * file, mail sent to a real SMTP catcher on loopback), started as its own process exactly as
 * `npm start` runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { MailCatcher } from '../apps/server/test/mail-catcher.js';

export interface GameOnServer {
  baseURL: string;
  mail: MailCatcher;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/**
 * Starts a GameOn server process as `npm start` runs it, on a free loopback port, with a fresh
 * SQLite file and uploads folder in a new temporary folder (`tmpPrefix`) and a mail catcher of its
 * own; `env` adds to the process's environment. Answers once `/api/health` is ok (throws with
 * the server's output if it exits or is not healthy within 60 s). `stop` ends the process
 * (SIGTERM), the mail catcher and the folder; calling it again does nothing more.
 */
export async function startServer(
  options: { tmpPrefix?: string; env?: Record<string, string> } = {},
): Promise<GameOnServer & { stop: () => Promise<void> }> {
  const mail = new MailCatcher();
  const smtpUrl = await mail.start();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), options.tmpPrefix ?? 'gameon-e2e-'));
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dir, 'e2e.db')}`,
      SMTP_URL: smtpUrl,
      SEED_DEMO: 'false',
      UPLOADS_DIR: path.join(dir, 'uploads'),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise((r) => child.once('exit', r));
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await mail.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    })());
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseURL, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, mail, stop };
}

export const test = base.extend<{ server: GameOnServer }, { workerServer: GameOnServer }>({
  workerServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // The accessibility journey's member checks /admin as an operator sees it.
      const server = await startServer({ env: { ADMIN_EMAILS: 'sunil@example.test' } });
      try {
        await use({ baseURL: server.baseURL, mail: server.mail });
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker' },
  ],
  server: async ({ workerServer }, use) => {
    await use(workerServer);
  },
  baseURL: async ({ workerServer }, use) => {
    await use(workerServer.baseURL);
  },
});

export { expect } from '@playwright/test';

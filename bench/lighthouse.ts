/**
 * What a member's phone pays to open the app: the built web app against a real server on
 * loopback with the demo data (SEED_DEMO), signed in as the demo member Arjun, on the feed (`/`),
 * messages (`/messages`) and a game page (`/posts/{id}`).
 *
 * 1. The JavaScript each route loads (bytes, gzip at zlib level 9, and file count), read from the
 *    responses Chromium receives: this does not depend on how busy the machine is.
 * 2. Unless `--js-only`: Lighthouse (mobile preset: 4× CPU slowdown, slow 4G) on each route,
 *    three runs, the median run by performance score, with LCP, total blocking time and the
 *    accessibility score. Each run starts with an empty HTTP cache and no service worker; the
 *    session token stays in localStorage (Lighthouse's storage reset is off for that).
 *
 * Writes bench/RESULTS.lighthouse.json. Needs Debian Chromium (`/usr/bin/chromium`, or
 * CHROMIUM_PATH). Builds the web app first unless `--no-build`. Run: `npm run bench:lighthouse`
 * (add `-- --js-only` for sizes alone). Never part of CI: the numbers need a quiet machine.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { TOKEN_STORAGE_KEY } from '@gameon/shared/constants';
import { benchApp } from './harness.js';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = new Set(process.argv.slice(2));
const jsOnly = args.has('--js-only');
const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 3);
const dist = path.resolve('apps/web/dist');
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'];

if (!args.has('--no-build')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('run `npm run build` first');

/** One route's JavaScript as the browser received it. */
interface RouteJs {
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

/** One Lighthouse run's numbers: scores 0–100, times in milliseconds. */
interface LighthouseRun {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  scriptFiles: number;
}

const server = await benchApp({ WEB_DIST: dist, SEED_DEMO: 'true' });
const baseURL = await server.listen();
try {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'arjun@gameon.test', password: 'gameon123' }),
  });
  if (!login.ok) throw new Error(`demo sign-in failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const game = await server.db
    .selectFrom('posts')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const allRoutes = { feed: '/', messages: '/messages', game: `/posts/${game.id}` };
  // `--routes=feed,game` measures those alone.
  const only = process.argv.find((arg) => arg.startsWith('--routes='))?.slice('--routes='.length);
  const routes = Object.fromEntries(
    Object.entries(allRoutes).filter(
      ([name]) => only === undefined || only.split(',').includes(name),
    ),
  );

  const js: Record<string, RouteJs> = {};
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const [name, route] of Object.entries(routes)) {
      const context = await browser.newContext({ isMobile: true, hasTouch: true });
      await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        TOKEN_STORAGE_KEY,
        token,
      ] as const);
      const page = await context.newPage();
      const bodies: Promise<{ file: string; body: Buffer }>[] = [];
      page.on('response', (response) => {
        const file = new URL(response.url()).pathname;
        if (file.endsWith('.js')) bodies.push(response.body().then((body) => ({ file, body })));
      });
      await page.goto(`${baseURL}${route}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const scripts = (await Promise.all(bodies)).map(({ file, body }) => ({
        file,
        raw: body.length,
        gzip: zlib.gzipSync(body, { level: 9 }).length,
      }));
      js[name] = {
        files: scripts.length,
        rawBytes: scripts.reduce((sum, script) => sum + script.raw, 0),
        gzipBytes: scripts.reduce((sum, script) => sum + script.gzip, 0),
      };
      if (args.has('--files')) {
        for (const script of scripts.sort((a, b) => b.gzip - a.gzip))
          console.log(
            `${String(script.gzip).padStart(8)} ${String(script.raw).padStart(8)}  ${script.file}`,
          );
      }
      console.log(name, route, JSON.stringify(js[name]));
      await context.close();
    }
  } finally {
    await browser.close();
  }

  const lighthouseResults: Record<string, { median: LighthouseRun; runs: LighthouseRun[] }> = {};
  if (!jsOnly) {
    const chrome = await launch({ chromePath: executablePath, chromeFlags });
    try {
      const controller = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await controller.newPage();
      // A page of the app's origin, to put the session in its localStorage.
      await page.goto(`${baseURL}/about`);
      await page.evaluate(
        (key, value) => localStorage.setItem(key, value),
        TOKEN_STORAGE_KEY,
        token,
      );
      const cdp = await page.createCDPSession();
      for (const [name, route] of Object.entries(routes)) {
        const all: LighthouseRun[] = [];
        for (let run = 0; run < runs; run += 1) {
          await cdp.send('Network.clearBrowserCache');
          await cdp.send('Storage.clearDataForOrigin', {
            origin: baseURL,
            storageTypes: 'service_workers,cache_storage',
          });
          const result = await lighthouse(`${baseURL}${route}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            disableStorageReset: true,
          });
          if (!result) throw new Error('Lighthouse returned nothing');
          const { categories, audits, runtimeError } = result.lhr;
          // A run Lighthouse could not finish (no LCP, a page that did not load) has no score:
          // say so and leave it out of the median.
          if (runtimeError !== undefined || categories.performance?.score == null) {
            console.log(name, `run ${run + 1} failed:`, runtimeError?.message ?? 'no score');
            continue;
          }
          const requests = (audits['network-requests']?.details as { items?: unknown[] })?.items;
          all.push({
            performance: Math.round((categories.performance?.score ?? 0) * 100),
            accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
            lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
            tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
            scriptFiles: (requests ?? []).filter(
              (item) => (item as { resourceType?: string }).resourceType === 'Script',
            ).length,
          });
          console.log(name, `run ${run + 1}`, JSON.stringify(all.at(-1)));
          if (args.has('--save-report'))
            fs.writeFileSync(`/tmp/lighthouse-${name}-${run + 1}.json`, JSON.stringify(result.lhr));
        }
        const sorted = [...all].sort((a, b) => a.performance - b.performance);
        const median = sorted[Math.floor(sorted.length / 2)];
        if (median !== undefined) lighthouseResults[name] = { median, runs: all };
      }
      await controller.disconnect();
    } finally {
      chrome.kill();
    }
  }

  const out = path.resolve('bench/RESULTS.lighthouse.json');
  fs.writeFileSync(
    out,
    `${JSON.stringify(
      { takenAt: new Date().toISOString(), routes, js, lighthouse: lighthouseResults },
      null,
      2,
    )}\n`,
  );
  console.log(`wrote ${out}`);
} finally {
  await server.close();
}

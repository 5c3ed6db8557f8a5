/**
 * The landing page's JavaScript as a signed-out visitor downloads it: opens
 * `/` of the built web app in Chromium against a real server on loopback, and prints every
 * script the page loaded with its raw and gzipped size (bytes, zlib level 9), then the totals.
 * Needs `npm run build` first. Run: `node --import tsx bench/landing-js.ts`. The budget these
 * numbers must stay under is asserted by e2e/landing-weight.spec.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { benchApp } from './harness.js';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const dist = path.resolve('apps/web/dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('run `npm run build` first');

const server = await benchApp({ WEB_DIST: dist });
const baseURL = await server.listen();
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js')) return;
    void response.body().then((body) => {
      scripts.push({
        url: url.pathname,
        raw: body.length,
        gzip: zlib.gzipSync(body, { level: 9 }).length,
      });
    });
  });
  await page.goto(baseURL, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  scripts.sort((a, b) => b.gzip - a.gzip);
  for (const s of scripts)
    console.log(`${String(s.gzip).padStart(8)} ${String(s.raw).padStart(8)}  ${s.url}`);
  const total = (key: 'raw' | 'gzip') => scripts.reduce((sum, s) => sum + s[key], 0);
  console.log(
    JSON.stringify({ files: scripts.length, rawBytes: total('raw'), gzipBytes: total('gzip') }),
  );
} finally {
  await browser.close();
  await server.close();
}

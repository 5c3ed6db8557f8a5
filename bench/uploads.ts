/**
 * Large pictures and the event loop: while members upload 40-megapixel covers as fast as they
 * can, how long does `/api/ready` (one `select 1`) take? Not part of `npm test`.
 *
 *   node --import tsx bench/uploads.ts [--seconds 10] [--uploaders 8] [--format png|jpeg]
 *     [--limits on|off]
 *
 * Starts the real server as its own process (rate limits off unless `--limits on`), adds
 * `uploaders` members with a session straight into its database, measures `/api/ready` for 2 s
 * idle, then for `seconds` with each member uploading one 8000 x 5000 cover after another, and
 * prints the latency percentiles of each phase, the server's own event-loop delay (prom-client's
 * `nodejs_eventloop_lag_*` over the upload phase) and the uploads answered by status.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/index.js';
import { benchMembers, benchSession, serverMetrics, spawnServer } from './harness.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    uploaders: { type: 'string', default: '8' },
    format: { type: 'string', default: 'png' },
    limits: { type: 'string', default: 'off' },
  },
});
const seconds = Number(args.seconds);
const uploaders = Number(args.uploaders);
const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-bench-uploads-'));
const databaseUrl = `sqlite:${path.join(dir, 'bench.db')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An 8000 x 5000 picture (40 megapixels, under the cover's 10 MB) that does not compress away. */
async function bigPicture(format: 'png' | 'jpeg'): Promise<Buffer> {
  const width = 8000;
  const height = 5000;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = x % 256;
      raw[i + 1] = y % 256;
      raw[i + 2] = (x + y) % 256;
    }
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return format === 'png'
    ? image.png({ compressionLevel: 9 }).toBuffer()
    : image.jpeg({ quality: 85 }).toBuffer();
}

/** Percentiles of `values` (milliseconds), rounded to 0.1. */
function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0) * 10) / 10;
  return { n: sorted.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) };
}

/** `/api/ready` timed one request after another, 20 ms apart, until `stop()` is true. */
async function probe(url: string, stop: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!stop()) {
    const started = performance.now();
    const response = await fetch(`${url}/api/ready`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await sleep(20);
  }
  return latencies;
}

const format = args.format === 'jpeg' ? 'jpeg' : 'png';
const picture = await bigPicture(format);
const blob = new Blob([new Uint8Array(picture)], { type: `image/${format}` });
const { url, child } = await spawnServer({
  cwd: root,
  databaseUrl,
  env: { UPLOADS_DIR: path.join(dir, 'uploads'), RATE_LIMITS: args.limits === 'on' ? 'on' : 'off' },
  waitSeconds: 60,
});
try {
  const { db, destroy } = openDatabase(loadConfig({ DATABASE_URL: databaseUrl }).database);
  const tokens = await Promise.all(
    (await benchMembers(db, uploaders)).map((id) => benchSession(db, id)),
  );
  await destroy();

  // prom-client restarts its event-loop delay histogram at each scrape, so each phase's delay
  // is read by the scrape that ends it.
  await serverMetrics(url);
  let idleDone = false;
  const idleProbe = probe(url, () => idleDone);
  await sleep(2000);
  idleDone = true;
  const idle = await idleProbe;
  const idleMetric = await serverMetrics(url);

  const until = Date.now() + seconds * 1000;
  const statuses = new Map<number, number>();
  const uploadMs: number[] = [];
  const loadedProbe = probe(url, () => Date.now() > until);
  await Promise.all(
    tokens.map(async (token) => {
      while (Date.now() < until) {
        const form = new FormData();
        form.append('file', blob, `cover.${format}`);
        const started = performance.now();
        const response = await fetch(`${url}/api/settings/cover`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        await response.arrayBuffer();
        uploadMs.push(performance.now() - started);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const loaded = await loadedProbe;
  const loadedMetric = await serverMetrics(url);
  const lag = (metric: typeof loadedMetric) => {
    const ms = (name: string) =>
      Math.round(metric(`nodejs_eventloop_lag_${name}_seconds`) * 1e4) / 10;
    return { p90: ms('p90'), p99: ms('p99'), max: ms('max') };
  };
  console.log(
    JSON.stringify({
      name: 'uploads',
      format,
      pictureBytes: picture.length,
      uploaders,
      seconds,
      limits: args.limits,
      statuses: Object.fromEntries(statuses),
      uploadMs: summary(uploadMs),
      readyIdleMs: summary(idle),
      readyDuringUploadsMs: summary(loaded),
      serverLoopDelayIdleMs: lag(idleMetric),
      serverLoopDelayDuringUploadsMs: lag(loadedMetric),
    }),
  );
} finally {
  child.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
}

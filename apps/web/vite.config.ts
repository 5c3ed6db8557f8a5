import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

/**
 * The GameOn server the dev server proxies the API and the socket to: the port the server itself
 * listens on (`PORT`, default 3000, as in apps/server/src/config.ts), so `PORT=3001 npm run dev`
 * and `PORT=3001 npx vite` meet.
 */
export function devProxyTarget(env: NodeJS.ProcessEnv = process.env): string {
  const port = env.PORT?.trim() || '3000';
  return `http://localhost:${port}`;
}

const server = devProxyTarget();

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing, and the size (bytes) under which compressing does not pay. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;
const MIN_COMPRESS_BYTES = 1024;

/** Every file under `dir`, as absolute paths. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every text file of
 * the build of at least {@link MIN_COMPRESS_BYTES}, for the server to send as they are
 * (`@fastify/static` `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'gameon-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const body = await fs.readFile(file);
          if (body.length < MIN_COMPRESS_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzip(body, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Writes the landing page's markup into the built `landing.html` (a light first page):
 * renders src/prerender.tsx with Vite's SSR loader once the client build is
 * written, puts it in `#root` (marked `data-prerendered`) and adds the inline member check
 * (MEMBER_CHECK_SCRIPT) before the page's stylesheet and script. Runs before {@link precompress}.
 */
function prerenderLanding(): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'gameon-prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const loader = await createServer({
        root,
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const module = (await loader.ssrLoadModule('/src/prerender.tsx')) as {
          renderLanding: () => string;
          MEMBER_CHECK_SCRIPT: string;
        };
        const file = path.join(outDir, 'landing.html');
        const html = await fs.readFile(file, 'utf8');
        const emptyRoot = '<div id="root"></div>';
        if (!html.includes(emptyRoot)) throw new Error('landing.html has no empty #root');
        const filled = html
          .replace(emptyRoot, `<div id="root" data-prerendered>${module.renderLanding()}</div>`)
          .replace(
            '<meta charset="UTF-8" />',
            `<meta charset="UTF-8" />\n    <script>${module.MEMBER_CHECK_SCRIPT}</script>`,
          );
        await fs.writeFile(file, filled);
      } finally {
        await loader.close();
      }
    },
  };
}

/** The brand colour of the installed app's title bar and splash screen (emerald-600, as index.html). */
const THEME_COLOR = '#059669';

/**
 * The app shell: every `assets/` file the built index.html and landing.html load themselves
 * (entry scripts, their preloaded imports, the stylesheet), as paths relative to `outDir`.
 */
async function shellAssets(outDir: string): Promise<Set<string>> {
  const pages = await Promise.all(
    ['index.html', 'landing.html'].map((page) => fs.readFile(path.join(outDir, page), 'utf8')),
  );
  return new Set(
    pages.flatMap((html) =>
      [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1] ?? ''),
    ),
  );
}

/**
 * The installable app (vite-plugin-pwa): the web app manifest (`manifest.webmanifest`, linked
 * from both pages) and the service worker built from src/sw/sw.ts with its precache list
 * injected. The list is the shell only: the offline page, the icons and what the two pages load
 * themselves ({@link shellAssets}), not every route's chunk; pages always
 * come from the network (src/sw/sw.ts). Registration is the app's own, for members only
 * (features/push/service-worker.ts), so nothing is injected into the pages.
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'GameOn – find your game, find your team',
      short_name: 'GameOn',
      description: 'Find players, join local games and esports squads, and chat with your team.',
      lang: 'en-IN',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: '#f8fafc',
      categories: ['sports', 'social'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    injectManifest: {
      globPatterns: [
        'offline.html',
        'favicon.svg',
        'icons/icon-192.png',
        'icons/badge-96.png',
        'assets/*.{js,css}',
      ],
      // Of the built scripts and stylesheets, only those the two pages load before any route's
      // chunk.
      manifestTransforms: [
        async (entries) => {
          const shell = await shellAssets(path.resolve(import.meta.dirname, 'dist'));
          const manifest = entries.filter(
            (entry) => !entry.url.startsWith('assets/') || shell.has(entry.url),
          );
          return { manifest, warnings: [] };
        },
      ],
    },
  });
}

/** Web app build, dev server (proxying the API and the socket to the server) and component tests. */
export default defineConfig({
  plugins: [react(), tailwindcss(), installableApp(), prerenderLanding(), precompress()],
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/socket.io': { target: server, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The web app, and `/` pre-rendered for visitors.
    rollupOptions: {
      input: { index: 'index.html', landing: 'landing.html' },
      output: {
        codeSplitting: {
          groups: [
            // Each icon alone is a few hundred bytes, and a page uses a dozen: one file for all of
            // the signed-in app's icons saves a request per icon (six at a time over HTTP/1.1).
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // findBy/waitFor may wait 5 s on a busy 2-core CI machine (src/test/setup.ts); leave room.
    testTimeout: 15_000,
  },
});

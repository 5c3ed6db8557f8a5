import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const server = 'http://localhost:3000';

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
 * (`@fastify/static` `preCompressed`; issue 16).
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

/** The first page most people see: its code is fetched with the entry (issue 16). */
const FIRST_PAGE = /\/features\/landing\/pages\/LandingPage\.tsx$/;

/**
 * Adds `<link rel="modulepreload">` to index.html for the landing page's chunk and the chunks it
 * imports, so the browser fetches them beside the entry instead of after the entry has run and
 * the router has asked for the page (issue 16: largest contentful paint).
 */
function preloadFirstPage(): Plugin {
  return {
    name: 'gameon-preload-first-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const page = chunks.find((chunk) => FIRST_PAGE.test(chunk.facadeModuleId ?? ''));
        if (!page) throw new Error('The landing page chunk is missing from the build');
        /** `fileName` and every chunk it imports, directly or not, added to `into`. */
        const collect = (fileName: string, into: Set<string>, skip: Set<string>) => {
          if (into.has(fileName) || skip.has(fileName)) return;
          into.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk')
            for (const imported of chunk.imports) collect(imported, into, skip);
        };
        const entry = new Set<string>();
        for (const chunk of chunks) if (chunk.isEntry) collect(chunk.fileName, entry, new Set());
        const files = new Set<string>();
        collect(page.fileName, files, entry);
        return {
          html,
          tags: [...files].map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

/** Web app build, dev server (proxying the API and the socket to the server) and component tests. */
export default defineConfig({
  plugins: [react(), tailwindcss(), preloadFirstPage(), precompress()],
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/socket.io': { target: server, changeOrigin: true, ws: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // findBy/waitFor may wait 5 s on a busy 2-core CI machine (src/test/setup.ts); leave room.
    testTimeout: 15_000,
  },
});

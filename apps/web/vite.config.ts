import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const server = 'http://localhost:3000';

/** Web app build, dev server (proxying the API and the socket to the server) and component tests. */
export default defineConfig({
  plugins: [react(), tailwindcss()],
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

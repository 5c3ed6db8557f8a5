import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Journeys in real Chromium against the real built app (ARCHITECTURE.md "Tests"). Debian's
 * Chromium when installed (.ci/run installs it), else the one @sparticuz/chromium ships.
 */
async function chromium(): Promise<{ executablePath: string; args: string[] }> {
  if (process.env.CHROMIUM_PATH) return { executablePath: process.env.CHROMIUM_PATH, args: [] };
  if (fs.existsSync('/usr/bin/chromium') && process.env.GAMEON_CHROMIUM !== 'bundled') {
    return { executablePath: '/usr/bin/chromium', args: [] };
  }
  // Without its own --single-process flag, so that several browser contexts work.
  const { default: sparticuz } = await import('@sparticuz/chromium');
  return { executablePath: await sparticuz.executablePath(), args: ['--no-zygote'] };
}

const browser = await chromium();

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: browser.executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        ...browser.args,
      ],
    },
  },
});

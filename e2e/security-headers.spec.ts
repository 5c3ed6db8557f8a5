/**
 * Security headers: the built app works in Chromium under its Content Security
 * Policy (no `securitypolicyviolation` event, no CSP console error) through the landing page,
 * the feed, messages, a profile with a picture and a game page; and the headers are on `/`,
 * `/api/health`, a built asset and an uploaded picture.
 */
import sharp from 'sharp';
import { expect, test } from './fixtures.js';
import { expectPage, newPerson, signUp } from './helpers.js';

test('the app runs under its CSP and every kind of response carries the headers', async ({
  browser,
  server,
}) => {
  const page = await newPerson(browser, server.baseURL);
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  // The landing page, signed out.
  await page.goto('/');
  await expect(page.getByRole('link', { name: /sign up|get started/i }).first()).toBeVisible();

  // Priya signs up through the UI and lands on the feed.
  await signUp(page, server, 'priya');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const auth = { authorization: `Bearer ${token}` };

  // A picture and a game of hers, through the API.
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 5, g: 150, b: 105 } },
  })
    .png()
    .toBuffer();
  const uploaded = await page.request.post('/api/settings/avatar', {
    headers: auth,
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.status()).toBe(200);
  const { profile_picture_url: pictureUrl } = (await uploaded.json()) as {
    profile_picture_url: string;
  };
  const created = await page.request.post('/api/posts', {
    headers: auth,
    data: {
      sport: 'Cricket',
      heading: 'Evening nets at Cubbon Park',
      description: 'Bring your own bat',
      tags: [],
      location: { type: 'Point', coordinates: [77.5946, 12.9716] },
      locationName: 'Bengaluru',
      eventTime: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
      playersNeeded: 4,
    },
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { id: number };

  await page.goto('/');
  await expectPage(page, 'Sports Feed');
  // The feed (her own game is not in it) with her picture in the header.
  await expect(page.locator(`img[src="${pictureUrl}"]`).first()).toBeVisible();

  await page.goto('/messages');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/profile');
  const avatar = page.locator(`img[src="${pictureUrl}"]`).first();
  await expect(avatar).toBeVisible();
  expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

  await page.goto(`/posts/${post.id}`);
  await expect(page.getByRole('heading', { name: /Evening nets at Cubbon Park/ })).toBeVisible();

  expect(violations).toEqual([]);

  // The headers, on the page, the API, a built asset and a picture.
  const home = await page.request.get('/');
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await home.text())?.[1];
  expect(asset).toBeTruthy();
  for (const url of ['/', '/api/health', asset!, pictureUrl]) {
    const response = await page.request.get(url);
    expect(response.status(), url).toBe(200);
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
    ])
      expect(csp, url).toContain(directive);
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    expect(headers['x-frame-options'], url).toBe('DENY');
    expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    expect(headers['strict-transport-security'], url).toBeUndefined();
  }
  const picture = await page.request.get(pictureUrl);
  expect(picture.headers()['content-type']).toBe('image/webp');
  expect(picture.headers()['content-disposition']).toBe('inline');
});

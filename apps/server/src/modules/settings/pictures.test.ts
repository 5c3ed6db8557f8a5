import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { LoginResponse, SessionUser, Settings } from '@gameon/shared';
import { startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let member: LoginResponse;
beforeAll(async () => {
  server = await startServer();
  member = await server.signUp('pictured');
});
afterAll(() => server.close());

async function upload(kind: 'avatar' | 'cover', data: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), filename);
  const response = await fetch(`${server.url}/api/settings/${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/** A real PNG of random pixels (noise does not compress), about width*height*3 bytes. */
function noisePng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

describe('pictures', () => {
  it('stores a real PNG re-encoded without metadata, serves it with a long cache, and replaces the old one', async () => {
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#10b981' },
    })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .png()
      .toBuffer();
    const first = await upload('avatar', png, 'me.png', 'image/png');
    expect(first.status).toBe(200);
    const url = first.body.profile_picture_url!;
    expect(url).toMatch(/^\/uploads\/avatar-\d+-[0-9a-f]+\.webp$/);
    const served = await fetch(server.url + url);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(512);
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes('secret-camera-owner')).toBe(false);
    const me = await server.request<SessionUser>('GET', '/api/auth/me', { token: member.token });
    expect(me.body.profile_picture_url).toBe(url);

    const second = await upload('avatar', png, 'again.png', 'image/png');
    expect(second.body.profile_picture_url).not.toBe(url);
    expect((await fetch(server.url + url)).status).toBe(404);
  });

  it('refuses an SVG and a renamed text file with the spec message', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const refused = await upload('avatar', svg, 'x.svg', 'image/svg+xml');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Please select an image file');
    const text = await upload(
      'cover',
      Buffer.from('just some text, not a picture'),
      'photo.png',
      'image/png',
    );
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('Please select an image file');
  });

  it("answers 'Failed to read image file.' for a PNG cut short", async () => {
    const png = await noisePng(300, 300);
    const cut = png.subarray(0, Math.floor(png.length / 2));
    const refused = await upload('avatar', cut, 'cut.png', 'image/png');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Failed to read image file.');
  });

  it('refuses a 6 MB picture and an 11 MB cover with the spec messages', async () => {
    const sixMb = await noisePng(1450, 1450);
    expect(sixMb.length).toBeGreaterThan(6 * 1000 * 1000);
    const avatar = await upload('avatar', sixMb, 'big.png', 'image/png');
    expect(avatar.status).toBe(413);
    expect(avatar.body.message).toBe('File size too large. Maximum 5MB allowed');
    // The same picture is within the cover's 10 MB.
    expect((await upload('cover', sixMb, 'big.png', 'image/png')).status).toBe(200);
    const elevenMb = await noisePng(1960, 1960);
    expect(elevenMb.length).toBeGreaterThan(11 * 1000 * 1000);
    const cover = await upload('cover', elevenMb, 'huge.png', 'image/png');
    expect(cover.status).toBe(413);
    expect(cover.body.message).toBe('File size too large. Maximum 10MB allowed');
    const settings = await server.request<Settings>('GET', '/api/settings', {
      token: member.token,
    });
    expect(settings.body.cover_photo_url).toMatch(/^\/uploads\/cover-/);
  });

  it('refuses a request without a file', async () => {
    const res = await server.request('POST', '/api/settings/avatar', {
      token: member.token,
      body: { file: 'nope' },
    });
    expect(res.status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Place } from '@gameon/shared';
import { startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let member: LoginResponse;
beforeAll(async () => {
  server = await startServer();
  member = await server.signUp('placer');
});
afterAll(() => server.close());

const search = (q: string) =>
  server.request<Place[]>('GET', `/api/places/autocomplete?q=${encodeURIComponent(q)}`, {
    token: member.token,
  });

describe('offline place search', () => {
  it('finds Indian cities first, with state, country and [lng, lat]', async () => {
    const { status, body } = await search('beng');
    expect(status).toBe(200);
    expect(body[0]).toEqual({
      name: 'Bengaluru',
      address: 'Bengaluru, Karnataka, India',
      coordinates: [77.59369, 12.97194],
    });
    expect(body.length).toBeLessThanOrEqual(8);
  });

  it('ranks an exact name before longer ones and ignores case and accents', async () => {
    const { body } = await search('PUNE');
    expect(body[0]?.address).toBe('Pune, Maharashtra, India');
    const accented = await search('São Paulo');
    expect(accented.body[0]?.name).toBe('São Paulo');
    expect((await search('sao paulo')).body[0]?.name).toBe('São Paulo');
  });

  it('answers an empty list when nothing matches, and needs a session', async () => {
    expect((await search('zzqqxx')).body).toEqual([]);
    expect((await server.request('GET', '/api/places/autocomplete?q=pune')).status).toBe(401);
  });
});

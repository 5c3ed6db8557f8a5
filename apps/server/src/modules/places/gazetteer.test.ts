import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { distanceMetres } from '../../lib/geo.js';
import { createGazetteer, spawnGazetteerWorker } from './gazetteer.js';
import { FAR_OFF_M, farOffPoints, measurePostalError, postOffices } from './post-offices.js';
import { NEIGHBOURHOODS } from './india-places.js';

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

describe('gazetteer ranking', () => {
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
    const bazar = searchGazetteer('Colaba Bazar')[0];
    expect(bazar).toMatchObject({
      name: 'Colaba Bazar',
      address: 'Colaba Bazar, Mumbai, Maharashtra',
      label: 'Colaba Bazar, Mumbai',
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

describe('places that are where they say', () => {
  const km = (metres: number) => metres / 1000;

  it('measures post offices against the curated neighbourhoods they name: a gap from 1.3 to 5.1 km', () => {
    const errors = measurePostalError(postOffices(), NEIGHBOURHOODS);
    const metres = errors.map((e) => e.metres);
    expect(metres.filter((m) => m <= FAR_OFF_M).every((m) => m < 1500)).toBe(true);
    expect(metres.filter((m) => m > FAR_OFF_M).every((m) => m > 5000)).toBe(true);
    const bengaluru = errors.find((e) => e.postOffice === 'Koramangala I Block');
    expect(bengaluru?.point).toEqual([77.575, 13.2257]);
    expect(km(bengaluru!.metres)).toBeGreaterThan(30);
    expect(farOffPoints(errors).has('77.575,13.2257')).toBe(true);
  });

  it('never offers a post-office locality on a point known to be far off', () => {
    for (const q of ['Koramangala', 'Koramangala I Block', 'Bellandur', 'HSR Layout', 'Juhu']) {
      const offered = gazetteer.search(q, 50);
      for (const place of offered)
        expect(gazetteer.farOff(place.coordinates), `${q}: ${place.address}`).toBe(false);
    }
    expect(gazetteer.search('Koramangala I Block')).toEqual([]);
    const bellandur = gazetteer.search('Bellandur')[0];
    expect(bellandur).toMatchObject({ label: 'Bellandur, Bengaluru' });
    expect(bellandur?.approximate).toBeUndefined();
    expect(distanceMetres(bellandur!.coordinates, [77.6784, 12.9304])).toBeLessThan(1000);
  });

  it('ranks curated neighbourhoods and cities above post-office localities', () => {
    const annaNagar = gazetteer.search('Anna Nagar', 20);
    expect(annaNagar[0]).toMatchObject({ label: 'Anna Nagar, Chennai' });
    const firstApproximate = annaNagar.findIndex((p) => p.approximate);
    const lastAccurate = annaNagar.findLastIndex((p) => !p.approximate);
    expect(firstApproximate).toBeGreaterThan(lastAccurate);
  });

  it("ranks places near the member's home point first", () => {
    const lucknow: [number, number] = [80.9462, 26.8467];
    const bengaluru: [number, number] = [77.5937, 12.9719];
    const fromLucknow = gazetteer.search('Indira Nagar', 8, lucknow);
    expect(distanceMetres(fromLucknow[0]!.coordinates, lucknow)).toBeLessThan(50_000);
    const fromBengaluru = gazetteer.search('Indiranagar', 8, bengaluru);
    expect(fromBengaluru[0]).toMatchObject({ label: 'Indiranagar, Bengaluru' });
    const near = fromBengaluru.map((p) => distanceMetres(p.coordinates, bengaluru) <= 50_000);
    // Every place near home comes before every place away from it.
    expect(near.indexOf(false) === -1 || near.lastIndexOf(true) < near.indexOf(false)).toBe(true);
  });

  it("keeps the city in a place's label, a city its own name", () => {
    expect(gazetteer.search('Koramangala')[0]).toMatchObject({
      name: 'Koramangala',
      label: 'Koramangala, Bengaluru',
    });
    expect(gazetteer.search('Bengaluru')[0]?.label).toBe('Bengaluru');
  });
});

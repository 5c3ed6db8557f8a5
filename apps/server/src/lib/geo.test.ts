import { describe, expect, it } from 'vitest';
import { distanceMetres, publicPoint, snapToGrid } from './geo.js';

describe('snapToGrid', () => {
  it('moves a point at most about a cell diagonal, and every point of a cell to one centre', () => {
    const exact: [number, number] = [77.5946, 12.9716];
    const snapped = snapToGrid(...exact);
    expect(distanceMetres(exact, snapped)).toBeLessThan(750);
    // Nearby points in the same cell give the same answer: the exact spot is not recoverable.
    const neighbour = snapToGrid(exact[0] + 0.0001, exact[1] + 0.0001);
    const sameCell =
      Math.abs(neighbour[0] - snapped[0]) < 1e-9 && Math.abs(neighbour[1] - snapped[1]) < 1e-9;
    const differentCell = distanceMetres(neighbour, snapped) > 500;
    expect(sameCell || differentCell).toBe(true);
  });

  it('is stable: snapping a snapped point changes nothing', () => {
    const once = snapToGrid(72.8777, 19.076);
    expect(snapToGrid(...once)).toEqual(once);
  });
});

describe('publicPoint', () => {
  it('shares the exact point, the grid cell or nothing', () => {
    expect(publicPoint(1, 2, 'exact')).toEqual([1, 2]);
    expect(publicPoint(77.5946, 12.9716, 'general')).toEqual(snapToGrid(77.5946, 12.9716));
    expect(publicPoint(1, 2, 'hidden')).toBeNull();
  });
});

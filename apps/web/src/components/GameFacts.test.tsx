import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { viewerIn } from '../test/time-zone';
import { GameTime } from './GameFacts';

const game = { event_time: '2026-11-29T14:30:00.000Z' };

describe('a game card’s time (Indian English, the viewer’s zone)', () => {
  it("reads 'Sun, 29 Nov, 8:00 pm' for a viewer in India", () => {
    viewerIn('Asia/Kolkata', '2026-11-27T12:00:00.000Z');
    render(<GameTime post={game} />);
    expect(screen.getByText('Sun, 29 Nov, 8:00 pm')).toHaveAttribute('datetime', game.event_time);
  });

  it("reads 'Sun, 29 Nov, 9:30 am' for a viewer in New York", () => {
    viewerIn('America/New_York', '2026-11-27T12:00:00.000Z');
    render(<GameTime post={game} />);
    expect(screen.getByText('Sun, 29 Nov, 9:30 am')).toBeInTheDocument();
  });

  it('names the year of a game in another year', () => {
    viewerIn('Asia/Kolkata', '2025-12-27T12:00:00.000Z');
    render(<GameTime post={game} />);
    expect(screen.getByText('Sun, 29 Nov, 2026, 8:00 pm')).toBeInTheDocument();
  });
});

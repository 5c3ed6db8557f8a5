import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Place } from '@gameon/shared';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '../test/utils';
import { PlaceSearch } from './PlaceSearch';

const pune: Place = {
  name: 'Pune',
  address: 'Pune, Maharashtra, India',
  coordinates: [73.85, 18.52],
};

function Picker() {
  const [place, setPlace] = useState<Place | null>(null);
  return <PlaceSearch id="place" label="Location" value={place} onChange={setPlace} />;
}

describe('PlaceSearch', () => {
  it('asks again while the server is still loading its places, then offers them', async () => {
    let answers = 0;
    mockFetch(() =>
      ++answers === 1
        ? jsonResponse(
            {
              success: false,
              code: 'places_loading',
              message: 'Places are still loading, try again in a moment',
            },
            { status: 503 },
          )
        : jsonResponse([pune]),
    );
    renderWithProviders(<Picker />);
    await userEvent.setup().type(screen.getByRole('combobox', { name: 'Location' }), 'Pun');
    expect(await screen.findByRole('option', { name: /Pune/ }, { timeout: 5000 })).toBeVisible();
    expect(answers).toBe(2);
    expect(screen.queryByText('Could not search places. Please try again.')).toBeNull();
  });
});

import { screen, within } from '@testing-library/react';
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

  it('shows the approximate mark whole, on its own line, never inside the address', async () => {
    const bazar: Place = {
      name: 'Colaba Bazar',
      address: 'Colaba Bazar, Mumbai, Maharashtra',
      label: 'Colaba Bazar, Mumbai',
      coordinates: [72.8106, 18.9069],
      approximate: true,
    };
    mockFetch(() => jsonResponse([bazar, pune]));
    renderWithProviders(<Picker />);
    await userEvent.setup().type(screen.getByRole('combobox', { name: 'Location' }), 'Col');
    const option = await screen.findByRole('option', { name: /Colaba Bazar/ });
    const mark = within(option).getByText('Approximate area');
    expect(mark).toBeVisible();
    expect(within(option).getByText('Colaba Bazar, Mumbai, Maharashtra')).not.toContainElement(
      mark,
    );
    // No clipping class on the address or the mark.
    expect(option.querySelector('.truncate')).toBeNull();
    expect(
      within(screen.getByRole('option', { name: /Pune/ })).queryByText('Approximate area'),
    ).toBeNull();
  });
});

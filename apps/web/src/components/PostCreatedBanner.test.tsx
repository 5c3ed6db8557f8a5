import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createdPostState } from '../lib/created-post';
import { LocationProbe } from '../test/utils';
import { PostCreatedBanner } from './PostCreatedBanner';

/** The banner at `/` with the router state `state`, and a probe of where the member is. */
function renderAt(state: unknown) {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/', state }]}>
      <Routes>
        <Route
          path="/"
          element={
            <>
              <PostCreatedBanner />
              <LocationProbe />
            </>
          }
        />
        <Route path="/posts/:id" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('PostCreatedBanner', () => {
  it('says the game was posted and offers "Share your game" and "Open it"', async () => {
    const user = renderAt(createdPostState({ id: 7, heading: 'Evening 5-a-side' }));
    expect(screen.getByRole('heading', { name: 'Post created!' })).toBeInTheDocument();
    expect(screen.getByText(/“Evening 5-a-side” is live/)).toBeInTheDocument();
    // No Web Share here: the share step opens its choices.
    await user.click(screen.getByRole('button', { name: 'Share your game' }));
    expect(screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toContain(
      encodeURIComponent(`${window.location.origin}/posts/7`),
    );
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/posts/7`);
    await user.click(screen.getByRole('link', { name: 'Open it' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/posts/7|');
  });

  it('goes away when dismissed, and stays away (the state is cleared)', async () => {
    const user = renderAt(createdPostState({ id: 7, heading: 'Evening 5-a-side' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Post created!')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/|null');
  });

  it('shows nothing without a posted game', () => {
    renderAt({ other: true });
    expect(screen.queryByText('Post created!')).not.toBeInTheDocument();
  });
});

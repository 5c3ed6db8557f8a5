import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/app';

const broken = vi.hoisted(() => new Error('About broke'));

// /about throws as it renders; the code of /terms fails to load, as after a new deploy.
vi.mock('../features/info/pages/AboutPage', () => ({
  AboutPage: () => {
    throw broken;
  },
}));
vi.mock('../features/info/pages/TermsPage', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('error screen (spec part 1 §8)', () => {
  it('shows a page that throws as the error screen, logs the error and leads home', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = renderApp('/about');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(logged.mock.calls.some((args) => args.includes(broken))).toBe(true);

    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to home' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: /Find players/ }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the error screen when a page’s code fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/terms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

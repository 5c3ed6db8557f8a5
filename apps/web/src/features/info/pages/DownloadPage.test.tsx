import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/utils';
import { DownloadPage } from './DownloadPage';

function renderPage() {
  renderWithProviders(<DownloadPage />, { route: '/download' });
  return userEvent.setup();
}

describe('DownloadPage (spec part 2 §2 "Download")', () => {
  it.each(['iOS', 'Android'])(
    'says in a status message that the %s app is coming soon',
    async (platform) => {
      const user = renderPage();
      const status = screen.getByRole('status');
      expect(status).toBeEmptyDOMElement();
      const button = screen.getByRole('button', { name: platform });
      expect(button).toHaveAccessibleDescription('Coming soon');
      await user.click(button);
      expect(status).toHaveTextContent(`The ${platform} app is coming soon.`);
    },
  );

  it('opens / from Web Browser and leads to /register and /events', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Web Browser' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Create your free account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
  });

  it('shows three screenshots of the app, described, and the FAQ with the apps’ date', () => {
    renderPage();
    const shots = within(screen.getByRole('region', { name: 'App screenshots' }));
    expect(shots.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      expect.stringMatching(/^The Sports Feed on a phone/),
      expect.stringMatching(/group chat on a phone/),
      expect.stringMatching(/page on a phone: Sunday 5-a-side/),
    ]);
    expect(screen.getByText(/expected in Q2 2025/)).toBeInTheDocument();
  });
});

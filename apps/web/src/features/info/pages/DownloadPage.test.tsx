import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listenForInstallPrompt } from '../../../lib/install';
import { renderWithProviders } from '../../../test/utils';
import { DownloadPage } from './DownloadPage';

// As the app does at start-up (app/start.tsx), before any page is there.
listenForInstallPrompt();

function renderPage() {
  renderWithProviders(<DownloadPage />, { route: '/download' });
  return userEvent.setup();
}

/** The browser offers its install prompt (Chromium's `beforeinstallprompt`); answers its spy. */
function offerInstallPrompt(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { prompt, event };
}

describe('DownloadPage (spec part 2 §2 "Download")', () => {
  it('shows Safari’s Add to Home Screen steps from iOS, with push from iOS 16.4', async () => {
    const user = renderPage();
    const button = screen.getByRole('button', { name: 'iOS' });
    expect(button).toHaveAccessibleDescription('Add to Home Screen');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const steps = screen.getByRole('region', { name: 'Add GameOn to your iPhone or iPad' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      'Open GameOn in Safari.',
      'Tap the Share button (the square with an arrow).',
      'Tap Add to Home Screen, then Add.',
      'Open GameOn from your Home Screen and sign in.',
    ]);
    expect(steps).toHaveTextContent(/from iOS 16\.4/);
  });

  it('shows Chrome’s install steps from Android where the browser holds no prompt', async () => {
    const user = renderPage();
    expect(screen.queryByRole('button', { name: 'Install GameOn' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Android' }));
    const steps = screen.getByRole('region', { name: 'Install GameOn on your Android phone' });
    expect(steps).toHaveTextContent(/Install app/);
  });

  it('opens the browser’s install prompt from Install GameOn and from Android', async () => {
    const user = renderPage();
    const first = offerInstallPrompt('dismissed');
    expect(first.event.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Install GameOn' }));
    expect(first.prompt).toHaveBeenCalledOnce();
    expect(await screen.findByText(/you can install GameOn later/)).toBeVisible();
    // A prompt is shown once; the browser offers a new one later.
    expect(screen.queryByRole('button', { name: 'Install GameOn' })).not.toBeInTheDocument();

    const second = offerInstallPrompt('accepted');
    await user.click(screen.getByRole('button', { name: 'Android' }));
    expect(second.prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole('region', { name: /Android phone/ })).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.getByRole('status')).toHaveTextContent('GameOn is installed on this device.');
  });

  it('opens / from Web Browser and leads to /register and /events', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Web Browser' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Create your free account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
  });

  it('shows three screenshots of the app, described, and a FAQ about installing it', () => {
    renderPage();
    const shots = within(screen.getByRole('region', { name: 'App screenshots' }));
    expect(shots.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      expect.stringMatching(/^The Sports Feed on a phone/),
      expect.stringMatching(/group chat on a phone/),
      expect.stringMatching(/page on a phone: Sunday 5-a-side/),
    ]);
    expect(screen.getByText(/installs straight from your browser/)).toBeInTheDocument();
    expect(screen.queryByText(/Q2 2025|coming soon/i)).not.toBeInTheDocument();
  });
});

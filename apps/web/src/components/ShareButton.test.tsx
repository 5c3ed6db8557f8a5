import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareButton, whatsAppLink } from './ShareButton';

const link = `${window.location.origin}/posts/42`;

/** `navigator` with a Web Share API whose `share` is `share`. */
function withWebShare(share: (data: ShareData) => Promise<void>) {
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share }));
}

describe('ShareButton, where the browser has the Web Share API', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens the share sheet with the title and the absolute link, and nothing else', async () => {
    const share = vi.fn(() => Promise.resolve());
    withWebShare(share);
    render(<ShareButton title="Box cricket at Powai" path="/posts/42" />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'Box cricket at Powai', url: link });
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('takes a closed share sheet as no failure', async () => {
    withWebShare(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    render(<ShareButton title="Box cricket at Powai" path="/posts/42" />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('offers WhatsApp and Copy link when the share sheet fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    withWebShare(() => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')));
    render(<ShareButton title="Box cricket at Powai" path="/posts/42" />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('link', { name: /WhatsApp/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    error.mockRestore();
  });
});

describe('ShareButton, where the browser has no Web Share API', () => {
  it('shows a WhatsApp link with the title and link ready to send', async () => {
    const user = userEvent.setup();
    render(<ShareButton title="Box cricket at Powai" path="/posts/42" label="Share your game" />);
    const button = screen.getByRole('button', { name: 'Share your game' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const whatsApp = screen.getByRole('link', { name: /WhatsApp/ });
    expect(whatsApp).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`Box cricket at Powai ${link}`)}`,
    );
    expect(whatsApp).toHaveAttribute('target', '_blank');
    expect(whatsApp).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('copies the absolute link and says so', async () => {
    const user = userEvent.setup();
    render(<ShareButton title="Box cricket at Powai" path="/posts/42" />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(screen.getByRole('status')).toHaveTextContent('Link copied');
  });
});

describe('whatsAppLink', () => {
  it('encodes the text into wa.me', () => {
    expect(whatsAppLink('5-a-side & more? https://x.in/posts/1')).toBe(
      'https://wa.me/?text=5-a-side%20%26%20more%3F%20https%3A%2F%2Fx.in%2Fposts%2F1',
    );
  });
});

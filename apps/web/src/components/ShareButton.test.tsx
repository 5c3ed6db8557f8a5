import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareButton } from './ShareButton';

describe('ShareButton (issue 15)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens the share sheet with the title and the absolute link where there is one', async () => {
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share }));
    render(<ShareButton title="Box cricket at Powai" path="/posts/42" />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Box cricket at Powai',
      url: `${window.location.origin}/posts/42`,
    });
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('copies the link and says so where there is no share sheet', async () => {
    const user = userEvent.setup();
    render(<ShareButton title="Box cricket at Powai" path="/posts/42" />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/posts/42`);
    expect(screen.getByRole('status')).toHaveTextContent('Link copied');
  });
});

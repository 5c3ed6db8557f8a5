import { describe, expect, it } from 'vitest';
import { preloadMemberPage } from './routes';

/** The export names of the modules `preloadMemberPage(pathname)` loaded. */
async function loadedExports(pathname: string): Promise<string[]> {
  const modules = await preloadMemberPage(pathname);
  return modules.flatMap((module) => Object.keys(module as object));
}

describe('preloadMemberPage', () => {
  it('loads the signed-in frame and the page of the path together', async () => {
    expect(await loadedExports('/messages')).toEqual(
      expect.arrayContaining(['AppLayout', 'MessagesPage']),
    );
    expect(await loadedExports('/posts/5')).toEqual(
      expect.arrayContaining(['AppLayout', 'GameRoute']),
    );
    expect(await loadedExports('/')).toEqual(expect.arrayContaining(['AppLayout', 'FeedPage']));
  });

  it('loads the frame alone where a member has no page of their own', async () => {
    const exports = await loadedExports('/no-such-page');
    expect(exports).toContain('AppLayout');
    expect(exports).not.toContain('LandingPage');
    expect(await loadedExports('/forgot-password')).not.toContain('ForgotPasswordPage');
  });
});

import { useEffect } from 'react';

/** The site's name, after every page's own title: 'Messages · GameOn'. */
export const SITE_NAME = 'GameOn';

/** The document title of a page called `name`: 'Messages · GameOn'; the site's name alone for none. */
export function pageTitle(name: string | null): string {
  return name === null || name === '' ? SITE_NAME : `${name} · ${SITE_NAME}`;
}

/** The text of the page's main heading (its one `h1`), spaces collapsed, or null. */
function mainHeading(): string | null {
  const text = document.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim();
  return text === undefined || text === '' ? null : text;
}

/**
 * Gives the route its own `<title>`: `title` as it is when the route table names one (the
 * landing page, the sign-in screen), else the page's main heading followed by the site's name,
 * kept in step as the heading changes ('Game not found · GameOn' once the game is known not to
 * exist, a game's heading once it has loaded). Every page has exactly one `h1` (routes.test.tsx).
 */
export function DocumentTitle({ title }: { title?: string }) {
  useEffect(() => {
    if (title !== undefined) {
      document.title = title;
      return;
    }
    const follow = () => {
      const next = pageTitle(mainHeading());
      if (document.title !== next) document.title = next;
    };
    follow();
    // The heading arrives with the page's code and data, and changes with them.
    const observer = new MutationObserver(follow);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [title]);
  return null;
}

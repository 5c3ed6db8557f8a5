import { Menu, X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../components/Button';
import { LinkList } from '../../components/LinkList';
import type { LinkItem } from '../../components/LinkList';
import { LogoLink } from '../../components/LogoLink';
import { nextPath, withNext } from '../../lib/sign-in-return';

const navLink =
  'rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600';

/** The links of the wide bar and of the small screens' menu. */
const menuLinks: LinkItem[] = [
  { to: '/events', label: 'Events' },
  { to: '/download', label: 'Download App' },
];

/**
 * Top navigation of the public frame (spec part 1 §2 "Landing page"): Events, Get Started,
 * Download App, Sign In; a visitor sees it above the landing page and the public pages. On small
 * screens the links are in a disclosure (`<details>`), which works without script on the
 * pre-rendered landing page and closes when the web app moves to another page. On / after a
 * member page was opened signed out, Sign In and Get Started carry that page on (`?next=`).
 */
export function PublicNav() {
  const { pathname, search } = useLocation();
  const next = nextPath(search);
  const signIn: LinkItem = { to: withNext('/login', next), label: 'Sign In' };
  const getStarted = withNext('/register', next);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/85 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6"
      >
        <LogoLink size={36} />
        <div className="hidden items-center gap-1 md:flex">
          <LinkList links={[...menuLinks, signIn]} className={navLink} />
          <Link to={getStarted} className={buttonClasses('primary', 'md', 'ml-2')}>
            Get Started
          </Link>
        </div>
        <div className="flex items-center gap-1 md:hidden">
          <LinkList links={[signIn]} className={navLink} />
          <details key={pathname} className="group">
            <summary
              aria-label="Open menu"
              className="grid size-10 cursor-pointer list-none place-items-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 [&::-webkit-details-marker]:hidden"
            >
              <Menu aria-hidden="true" className="size-5 group-open:hidden" />
              <X aria-hidden="true" className="hidden size-5 group-open:block" />
            </summary>
            <div className="absolute inset-x-0 top-full border-t border-b border-slate-200 bg-white px-4 py-3 shadow-sm">
              <div className="flex flex-col gap-1">
                <LinkList links={menuLinks} className={navLink} />
                <Link to={getStarted} className={buttonClasses('primary', 'md', 'mt-2')}>
                  Get Started
                </Link>
              </div>
            </div>
          </details>
        </div>
      </nav>
    </header>
  );
}

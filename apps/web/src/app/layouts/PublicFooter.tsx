import { LinkList } from '../../components/LinkList';
import type { LinkItem } from '../../components/LinkList';
import { Logo } from '../../components/Logo';

const footerLink =
  'rounded text-sm text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-emerald-400';

const footerLinks: LinkItem[] = [
  { to: '/about', label: 'About' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
];

/**
 * Footer of the public frame with About, Privacy and Terms (spec part 1 §2 "Landing page"): a
 * visitor sees it under the landing page and the public pages.
 */
export function PublicFooter() {
  return (
    <footer className="bg-slate-950 py-10 text-slate-300">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <Logo size={32} inverted />
          <p className="mt-2 text-sm">Find players. Join games. Play more.</p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2">
          <LinkList links={footerLinks} className={footerLink} />
        </nav>
        <p className="text-sm">© {new Date().getFullYear()} GameOn. All rights reserved.</p>
      </div>
    </footer>
  );
}

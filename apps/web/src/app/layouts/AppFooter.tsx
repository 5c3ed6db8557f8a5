import { LinkList } from '../../components/LinkList';
import type { LinkItem } from '../../components/LinkList';
import { SUPPORT_MAILTO } from '../../lib/contact';

const linkClass =
  'rounded text-sm text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600';

const footerLinks: LinkItem[] = [
  { to: '/about', label: 'About Us' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: SUPPORT_MAILTO, label: 'Contact' },
];

/** The signed-in footer (spec part 1 §2). */
export function AppFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="flex flex-col gap-3 px-4 py-5 sm:px-6 md:flex-row md:items-center md:justify-between">
        <nav aria-label="Footer" className="flex flex-wrap gap-x-5 gap-y-2">
          <LinkList links={footerLinks} className={linkClass} />
        </nav>
        <p className="text-sm text-slate-500">
          © {new Date().getFullYear()} GameOn. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

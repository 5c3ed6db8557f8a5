import { Link } from 'react-router';

/** A link of a navigation or footer list: an app path, or a `mailto:` address. */
export interface LinkItem {
  to: string;
  label: string;
}

/** The links of a list, one per item, all with `className`; a `mailto:` one is a plain anchor. */
export function LinkList({ links, className }: { links: readonly LinkItem[]; className: string }) {
  return links.map(({ to, label }) =>
    to.startsWith('mailto:') ? (
      <a key={to} href={to} className={className}>
        {label}
      </a>
    ) : (
      <Link key={to} to={to} className={className}>
        {label}
      </Link>
    ),
  );
}

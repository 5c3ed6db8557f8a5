import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cx } from '../lib/format';
import { Logo } from './Logo';

interface LogoLinkProps extends ComponentProps<typeof Logo> {
  /** Class names of the link (placement); the focus ring is added. */
  linkClassName?: string;
  /** Accessible name when the wordmark may be hidden, e.g. 'GameOn home'. */
  label?: string;
}

/** The logo as a link home (/), with a focus ring that suits its background. */
export function LogoLink({ linkClassName, label, inverted, ...logo }: LogoLinkProps) {
  return (
    <Link
      to="/"
      aria-label={label}
      className={cx(
        'rounded-lg focus-visible:outline-2',
        inverted ? 'focus-visible:outline-white' : 'focus-visible:outline-emerald-600',
        linkClassName,
      )}
    >
      <Logo inverted={inverted} {...logo} />
    </Link>
  );
}

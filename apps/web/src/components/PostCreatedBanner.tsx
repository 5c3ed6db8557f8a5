import { CircleCheck, ExternalLink, X } from 'lucide-react';
import { useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { createdPostOf } from '../lib/created-post';
import { cx } from '../lib/format';
import { buttonClasses } from './Button';
import { ShareButton } from './ShareButton';

/**
 * The success message of posting a game, where the member lands after it (spec part 2 §9: the
 * message shows and the member returns to `/` after 0.5 s; BEYOND-THE-SPEC: it offers "Share
 * your game" and "Open it"). The create-post page's message is up too briefly to act on, so the
 * game travels in the router's state and this banner carries on the message with its two
 * actions until dismissed; dismissing clears the state, so going back or reloading does not
 * bring it back. Nothing when the state carries no game.
 */
export function PostCreatedBanner({ className }: { className?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const headingId = useId();
  const created = createdPostOf(location.state);
  if (!created) return null;
  const path = `/posts/${created.id}`;

  return (
    <section
      aria-labelledby={headingId}
      className={cx(
        'flex items-start gap-3 rounded-2xl bg-emerald-50 p-4 ring-1 ring-emerald-200',
        className,
      )}
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
      <div className="min-w-0 flex-1">
        <div role="status">
          <h2 id={headingId} className="font-semibold text-emerald-900">
            Post created!
          </h2>
          <p className="mt-0.5 text-sm break-words text-emerald-900">
            “{created.heading}” is live. Share it so players can find it sooner.
          </p>
        </div>
        <div className="mt-3 flex flex-wrap items-start gap-2">
          <Link to={path} className={buttonClasses('primary')}>
            <ExternalLink aria-hidden="true" className="size-4" />
            Open it
          </Link>
          <ShareButton title={created.heading} path={path} label="Share your game" row />
        </div>
      </div>
      <button
        type="button"
        onClick={() =>
          void navigate(`${location.pathname}${location.search}`, { replace: true, state: null })
        }
        className="-m-1 rounded-lg p-1 text-emerald-800 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-emerald-600"
      >
        <X aria-hidden="true" className="size-5" />
        <span className="sr-only">Dismiss</span>
      </button>
    </section>
  );
}

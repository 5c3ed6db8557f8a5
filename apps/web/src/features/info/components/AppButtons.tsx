import { Apple, Globe, Info, Smartphone } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../../../lib/format';

const buttonClass =
  'inline-flex min-w-44 items-center gap-3 rounded-xl px-5 py-3 text-left shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';

/** A store-style button's face: the icon, a small line (its description) and the name. */
function ButtonFace({
  icon: Icon,
  line,
  lineId,
  name,
}: {
  icon: LucideIcon;
  line: string;
  lineId: string;
  name: ReactNode;
}) {
  return (
    <>
      <Icon aria-hidden="true" className="size-7 shrink-0" />
      <span className="leading-tight">
        {/* Hidden from the name, read as the description: the button is called "iOS". */}
        <span id={lineId} aria-hidden="true" className="block text-xs">
          {line}
        </span>
        <span className="block text-lg font-semibold">{name}</span>
      </span>
    </>
  );
}

const platforms = [
  { name: 'iOS', icon: Apple },
  { name: 'Android', icon: Smartphone },
] as const;

/**
 * The download buttons (spec part 2 §2 "Download"): iOS and Android, which say in a status line
 * that their app is coming soon (announced to screen readers, not an `alert()`), and Web Browser,
 * which opens /.
 */
export function AppButtons() {
  const id = useId();
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="mt-8">
      <div className="flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
        {platforms.map(({ name, icon }) => (
          <button
            key={name}
            type="button"
            aria-describedby={`${id}-${name}`}
            onClick={() =>
              setNotice(
                `The ${name} app is coming soon. Until then, GameOn works in your phone’s browser.`,
              )
            }
            className={cx(buttonClass, 'bg-slate-900 text-white hover:bg-slate-800')}
          >
            <ButtonFace icon={icon} line="Coming soon" lineId={`${id}-${name}`} name={name} />
          </button>
        ))}
        <Link
          to="/"
          aria-describedby={`${id}-web`}
          className={cx(buttonClass, 'bg-emerald-700 text-white hover:bg-emerald-800')}
        >
          <ButtonFace icon={Globe} line="Available now" lineId={`${id}-web`} name="Web Browser" />
        </Link>
      </div>
      <p
        role="status"
        className={cx(
          'mx-auto max-w-xl text-sm text-emerald-900',
          notice !== null &&
            'mt-4 flex items-start justify-center gap-2 rounded-xl bg-emerald-50 px-4 py-3 ring-1 ring-emerald-200',
        )}
      >
        {notice !== null && (
          <>
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
            {notice}
          </>
        )}
      </p>
    </div>
  );
}

import { Apple, Download, Globe, Smartphone } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { cx } from '../../../lib/format';
import { showInstallPrompt, useInstallOffer } from '../../../lib/install';

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

type Platform = 'iOS' | 'Android';

/** How to add GameOn to the Home Screen, per platform (where the browser shows no prompt). */
const STEPS: Record<Platform, { title: string; steps: string[]; note: string }> = {
  iOS: {
    title: 'Add GameOn to your iPhone or iPad',
    steps: [
      'Open GameOn in Safari.',
      'Tap the Share button (the square with an arrow).',
      'Tap Add to Home Screen, then Add.',
      'Open GameOn from your Home Screen and sign in.',
    ],
    note: 'Push notifications on iPhone and iPad work in the installed app, from iOS 16.4: turn them on in Settings once you are signed in.',
  },
  Android: {
    title: 'Install GameOn on your Android phone',
    steps: [
      'Open GameOn in Chrome.',
      'Tap Install when Chrome offers it, or open the ⋮ menu and tap Install app (Add to Home screen in some browsers).',
      'Open GameOn from your home screen and sign in.',
    ],
    note: 'Turn on push notifications in Settings once you are signed in, to hear about messages and games with the app closed.',
  },
};

/**
 * The download buttons (spec part 2 §2 "Download"), offering the installable web app: iOS shows
 * Safari's Add to Home Screen steps; Android opens the browser's install prompt where the browser
 * holds one, else shows Chrome's steps; Web Browser opens /. Where the browser offers its install
 * prompt (Chromium on a phone or computer), "Install GameOn" shows it.
 */
export function AppButtons() {
  const id = useId();
  const offer = useInstallOffer();
  const [shown, setShown] = useState<Platform | null>(null);
  const [declined, setDeclined] = useState(false);

  const install = async () => {
    setDeclined((await showInstallPrompt()) === 'dismissed');
  };

  const choose = (platform: Platform) => {
    if (platform === 'Android' && offer === 'prompt') {
      setShown(null);
      void install();
      return;
    }
    setShown(platform);
  };

  const steps = shown === null ? null : STEPS[shown];
  return (
    <div className="mt-8">
      <div className="flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
        {(
          [
            { name: 'iOS', icon: Apple, line: 'Add to Home Screen' },
            { name: 'Android', icon: Smartphone, line: 'Install from Chrome' },
          ] as const
        ).map(({ name, icon, line }) => (
          <button
            key={name}
            type="button"
            aria-describedby={`${id}-${name}`}
            aria-expanded={shown === name}
            aria-controls={`${id}-steps`}
            onClick={() => choose(name)}
            className={cx(buttonClass, 'bg-slate-900 text-white hover:bg-slate-800')}
          >
            <ButtonFace icon={icon} line={line} lineId={`${id}-${name}`} name={name} />
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
      {offer === 'prompt' && (
        <p className="mt-5 flex flex-col items-center justify-center gap-2 text-sm text-slate-700 sm:flex-row">
          Your browser can install GameOn on this device.
          <Button size="sm" onClick={() => void install()}>
            <Download aria-hidden="true" className="size-4" />
            Install GameOn
          </Button>
        </p>
      )}
      <div role="status" className="mx-auto max-w-xl text-sm">
        {offer === 'installed' && (
          <p className="mt-4 rounded-xl bg-emerald-50 px-4 py-3 text-emerald-900 ring-1 ring-emerald-200">
            GameOn is installed on this device. Open it from your home screen or app list.
          </p>
        )}
        {declined && offer !== 'installed' && (
          <p className="mt-4 text-slate-700">
            No problem: you can install GameOn later from your browser’s menu.
          </p>
        )}
      </div>
      <div id={`${id}-steps`}>
        {steps !== null && (
          <section
            aria-labelledby={`${id}-steps-heading`}
            className="mx-auto mt-4 max-w-xl rounded-xl bg-white px-5 py-4 text-left text-sm text-slate-700 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id={`${id}-steps-heading`} className="text-base font-semibold text-slate-900">
              {steps.title}
            </h2>
            <ol className="mt-2 list-decimal space-y-1 pl-5">
              {steps.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <p className="mt-3 text-slate-600">{steps.note}</p>
          </section>
        )}
      </div>
    </div>
  );
}

import { Link2, MessageCircle, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import { cx } from '../lib/format';
import { Button, buttonClasses } from './Button';

/** A WhatsApp "click to chat" link that opens WhatsApp (app or web) with `text` ready to send. */
export function whatsAppLink(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/**
 * The share step of an in-app `path` (shareable game links): the system share sheet (Web
 * Share API, e.g. WhatsApp or Telegram on a phone) where the browser has one; otherwise, or
 * when the sheet fails, the choices shown under the button: a WhatsApp link and "Copy link"
 * (the absolute link to the clipboard, "Link copied" in a status line). Closing the share sheet
 * is no failure. `label` names the button ("Share" by default); `row` lays the choices out
 * beside the button instead of under it.
 */
export function ShareButton({
  title,
  path,
  label = 'Share',
  row = false,
  className,
}: {
  title: string;
  path: string;
  label?: string;
  row?: boolean;
  className?: string;
}) {
  const [status, setStatus] = useState('');
  const [choices, setChoices] = useState(false);
  const choicesId = useId();
  const url = new URL(path, window.location.origin).href;

  const share = async () => {
    setStatus('');
    // Absent in some browsers (desktop Firefox and Chrome on Linux) despite the DOM types.
    if (typeof navigator.share !== 'function') {
      setChoices((open) => !open);
      return;
    }
    try {
      await navigator.share({ title, url });
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      console.error('Could not open the share sheet', failure);
      setChoices(true);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Link copied');
    } catch (failure) {
      console.error('Could not copy the link', failure);
      setStatus(`Could not copy; the link is ${url}`);
    }
  };

  return (
    <div
      className={cx(
        'flex gap-2',
        row ? 'flex-row flex-wrap items-center' : 'flex-col items-start',
        className,
      )}
    >
      <Button
        variant="secondary"
        onClick={() => void share()}
        aria-expanded={typeof navigator.share === 'function' ? undefined : choices}
        aria-controls={choices ? choicesId : undefined}
      >
        <Share2 aria-hidden="true" className="size-4" />
        {label}
      </Button>
      {choices && (
        <div
          id={choicesId}
          role="group"
          aria-label={`${label}: choose how`}
          className="flex flex-wrap gap-2"
        >
          <a
            href={whatsAppLink(`${title} ${url}`)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('secondary', 'sm')}
          >
            <MessageCircle aria-hidden="true" className="size-4 text-emerald-700" />
            WhatsApp
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <Button variant="secondary" size="sm" onClick={() => void copy()}>
            <Link2 aria-hidden="true" className="size-4" />
            Copy link
          </Button>
        </div>
      )}
      <p role="status" className="text-xs break-all text-slate-600">
        {status}
      </p>
    </div>
  );
}

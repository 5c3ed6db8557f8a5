import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from './Button';

/**
 * "Share" for an in-app `path` (shareable game links): the system share sheet (Web
 * Share API, e.g. WhatsApp on a phone) where there is one, else the absolute link copied to the
 * clipboard with "Link copied" in a status line. Closing the share sheet is no failure.
 */
export function ShareButton({ title, path }: { title: string; path: string }) {
  const [status, setStatus] = useState('');

  const share = async () => {
    const url = new URL(path, window.location.origin).href;
    setStatus('');
    try {
      // Absent in some browsers (desktop Firefox) despite the DOM types.
      if (typeof navigator.share === 'function') {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setStatus('Link copied');
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      console.error('Could not share the link', failure);
      setStatus(`Could not share; the link is ${url}`);
    }
  };

  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="secondary" onClick={() => void share()}>
        <Share2 aria-hidden="true" className="size-4" />
        Share
      </Button>
      <p role="status" className="text-xs text-slate-600">
        {status}
      </p>
    </div>
  );
}

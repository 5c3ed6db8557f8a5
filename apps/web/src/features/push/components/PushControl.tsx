import { BellOff, BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { LoadingLine } from '../../../components/LoadStates';
import { isIos, isStandalone } from '../../../lib/install';
import { PushError, readPushState, turnOffPush, turnOnPush } from '../push';
import type { PushFailure, PushState } from '../push';

/** Said wherever this browser cannot get push, so nobody waits for pushes that never come. */
export const PUSH_UNAVAILABLE =
  'Push isn’t available in this browser right now. You’ll still see notifications in the app.';

const FAILURES: Record<PushFailure, string> = {
  unavailable: PUSH_UNAVAILABLE,
  denied:
    'Notifications are blocked for GameOn in this browser. Allow them in the site settings, then try again.',
  server: 'Could not turn on push notifications. Please try again.',
};

/** The line under an unsupported browser: on an iPhone tab, how to get push at all. */
function unsupportedText(): string {
  return isIos() && !isStandalone()
    ? 'On iPhone and iPad, push works in the installed app (iOS 16.4 or later): tap Share, then Add to Home Screen, and open GameOn from your Home Screen. You’ll still see notifications in the app.'
    : PUSH_UNAVAILABLE;
}

/**
 * "Push notifications on this device" (Settings): turns web push on or off for this browser,
 * only when the member clicks (the permission prompt is never shown on its own). Where the
 * browser cannot subscribe (no Push API, notifications blocked, or its push service refused) it
 * says so plainly instead of failing silently.
 */
export function PushControl() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PushFailure | null>(null);

  useEffect(() => {
    let live = true;
    void readPushState().then((next) => {
      if (live) setState(next);
    });
    return () => {
      live = false;
    };
  }, []);

  const turnOn = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await turnOnPush();
      setState('on');
    } catch (error) {
      console.warn('Could not turn on push', error);
      const reason = error instanceof PushError ? error.reason : 'unavailable';
      setFailure(reason);
      if (reason === 'denied') setState('denied');
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await turnOffPush();
    } catch (error) {
      console.warn('Could not turn off push', error);
    }
    setState(await readPushState());
    setBusy(false);
  };

  if (state === null) return <LoadingLine className="mt-5">Checking this device…</LoadingLine>;
  if (state === 'unsupported') {
    return (
      <Alert tone="info" className="mt-5">
        {unsupportedText()}
      </Alert>
    );
  }
  if (state === 'denied') {
    return (
      <Alert tone="info" className="mt-5">
        {FAILURES.denied}
      </Alert>
    );
  }
  return (
    <div className="mt-5 space-y-3">
      <p role="status" className="text-sm text-slate-700">
        {state === 'on'
          ? 'Push notifications are on for this device.'
          : 'Push notifications are off for this device.'}
      </p>
      {state === 'on' ? (
        <Button variant="secondary" loading={busy} onClick={() => void turnOff()}>
          {!busy && <BellOff aria-hidden="true" className="size-4" />}
          Turn off push notifications
        </Button>
      ) : (
        <Button loading={busy} onClick={() => void turnOn()}>
          {!busy && <BellRing aria-hidden="true" className="size-4" />}
          Turn on push notifications
        </Button>
      )}
      {failure !== null && <Alert tone="error">{FAILURES[failure]}</Alert>}
    </div>
  );
}

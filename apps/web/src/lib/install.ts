/**
 * Installing GameOn as an app (the web app manifest, apps/web/vite.config.ts): the browser's own
 * install prompt where it offers one (Chromium's `beforeinstallprompt`, kept from the moment the
 * app starts, since it fires once, early, before a lazily loaded page is there to hear it), and
 * what a page needs to tell iPhone and iPad users (Safari has no prompt: Share, then Add to Home
 * Screen; web push there works only in the installed app, iOS 16.4+).
 */
import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in TypeScript's DOM types; WICG "Web App Manifest"). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/**
 * Starts listening for the browser's install prompt and for the app being installed; call once
 * at start-up (app/start.tsx). The prompt is held back (`preventDefault`, no mini-infobar) until
 * a page offers it with a button.
 */
export function listenForInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    changed();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What the page can offer: `prompt` while the browser holds an install prompt, `installed` right
 * after installing (or when running as the installed app), else `none`.
 */
export type InstallOffer = 'prompt' | 'installed' | 'none';

function currentOffer(): InstallOffer {
  if (installed || isStandalone()) return 'installed';
  return deferred === null ? 'none' : 'prompt';
}

/** The install offer, kept current ({@link InstallOffer}). */
export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(subscribe, currentOffer, () => 'none');
}

/**
 * Shows the browser's install prompt (call from a click). Resolves to the member's answer, or
 * 'dismissed' when there is no prompt to show; a prompt is shown at most once.
 */
export async function showInstallPrompt(): Promise<'accepted' | 'dismissed'> {
  const event = deferred;
  if (event === null) return 'dismissed';
  deferred = null;
  changed();
  await event.prompt();
  return (await event.userChoice).outcome;
}

/** True when running as the installed app (standalone window), not in a browser tab. */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (window.matchMedia?.('(display-mode: standalone)').matches ?? false);
}

/** True on an iPhone or iPad (iPadOS says "Macintosh" but has touch), where Safari has no prompt. */
export function isIos(): boolean {
  if (typeof navigator === 'undefined') return false;
  return (
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
  );
}

/** A session's device as its member reads it, from the client's user agent. */
import Bowser from 'bowser';

/** Devices whose model says more than their system ("Safari on iPhone", not "on iOS"). */
const NAMED_MODELS = new Set(['iPhone', 'iPad', 'iPod']);

/**
 * "Chrome on Android", "Safari on iPhone", "Firefox on Windows"; the browser or the system alone
 * when only one is known; "Unknown device" for a missing or unrecognised user agent.
 */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os, platform } = Bowser.parse(userAgent);
  const model = platform.model && NAMED_MODELS.has(platform.model) ? platform.model : undefined;
  const system = model ?? os.name;
  if (browser.name && system) return `${browser.name} on ${system}`;
  return browser.name || system || 'Unknown device';
}

import { useCallback, useEffect, useState } from 'react';

/** Where the device's position stands: not asked yet, being asked, known, or refused. */
export type GeolocationState =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'granted'; lat: number; lng: number }
  | { status: 'failed'; message: string };

export const GEOLOCATION_FAILED = 'Unable to get your current location. Please search manually.';
export const GEOLOCATION_UNSUPPORTED = 'Geolocation is not supported by this browser.';

/**
 * localStorage key remembering that the member shared their position (value `granted`), so
 * later visits use it without a "Use my position" press.
 */
export const POSITION_STORAGE_KEY = 'gameon.position';

function remembered(): boolean {
  return localStorage.getItem(POSITION_STORAGE_KEY) === 'granted';
}

/**
 * The device's position (spec part 1 §8 "Location" texts), in degrees. Never asked on
 * load unless the member shared it before (remembered in localStorage); `request` asks, on the
 * member's "Use my position". The spec's error texts appear only after the member asked: a
 * remembered position that can no longer be read is forgotten and the state goes back to idle.
 */
export function useGeolocation(): { state: GeolocationState; request: () => void } {
  const [state, setState] = useState<GeolocationState>(() =>
    remembered() && 'geolocation' in navigator ? { status: 'pending' } : { status: 'idle' },
  );

  const ask = useCallback((asked: boolean) => {
    if (!('geolocation' in navigator)) {
      setState(asked ? { status: 'failed', message: GEOLOCATION_UNSUPPORTED } : { status: 'idle' });
      return;
    }
    setState({ status: 'pending' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        localStorage.setItem(POSITION_STORAGE_KEY, 'granted');
        setState({
          status: 'granted',
          lat: position.coords.latitude,
          lng: position.coords.longitude,
        });
      },
      (error) => {
        console.warn('Geolocation failed', error.message);
        localStorage.removeItem(POSITION_STORAGE_KEY);
        setState(asked ? { status: 'failed', message: GEOLOCATION_FAILED } : { status: 'idle' });
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  }, []);

  useEffect(() => {
    if (remembered()) ask(false);
  }, [ask]);

  const request = useCallback(() => ask(true), [ask]);
  return { state, request };
}

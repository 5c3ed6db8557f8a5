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
 * The device's position (spec part 1 §8 "Location" texts), in degrees. Asked once on mount
 * unless `askOnMount` is false (the events list asks only when the viewer presses "Use my
 * position", issue 13); `request` asks (again).
 */
export function useGeolocation({ askOnMount = true }: { askOnMount?: boolean } = {}): {
  state: GeolocationState;
  request: () => void;
} {
  const [state, setState] = useState<GeolocationState>(() =>
    askOnMount ? { status: 'pending' } : { status: 'idle' },
  );

  const request = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'failed', message: GEOLOCATION_UNSUPPORTED });
      return;
    }
    setState({ status: 'pending' });
    navigator.geolocation.getCurrentPosition(
      (position) =>
        setState({
          status: 'granted',
          lat: position.coords.latitude,
          lng: position.coords.longitude,
        }),
      (error) => {
        console.warn('Geolocation failed', error.message);
        setState({ status: 'failed', message: GEOLOCATION_FAILED });
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  }, []);

  useEffect(() => {
    if (askOnMount) request();
  }, [askOnMount, request]);

  return { state, request };
}

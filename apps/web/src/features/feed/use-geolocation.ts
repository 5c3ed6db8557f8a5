import { useCallback, useEffect, useState } from 'react';

export type GeolocationState =
  | { status: 'pending' }
  | { status: 'granted'; lat: number; lng: number }
  | { status: 'failed'; message: string };

export const GEOLOCATION_FAILED = 'Unable to get your current location. Please search manually.';
export const GEOLOCATION_UNSUPPORTED = 'Geolocation is not supported by this browser.';

/**
 * The device's position, asked once on mount (spec part 1 §8 "Location" texts); `request`
 * asks again.
 */
export function useGeolocation(): { state: GeolocationState; request: () => void } {
  const [state, setState] = useState<GeolocationState>({ status: 'pending' });

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

  useEffect(() => request(), [request]);

  return { state, request };
}

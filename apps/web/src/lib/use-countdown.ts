import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `deadline` (epoch milliseconds), ticking once a second and stopping
 * at 0. Computed from the clock, so a throttled background tab still shows the right value.
 */
export function useCountdown(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((deadline - now) / 1000));

  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  return secondsLeft;
}

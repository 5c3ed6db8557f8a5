import { useCallback, useEffect, useRef, useState } from 'react';

/** How long after the last keystroke typing counts as stopped (spec part 1 §4). */
export const TYPING_IDLE_MS = 2000;

/**
 * Emits typing start/stop for the composer: `notify(true)` on the first keystroke, `notify(false)`
 * after {@link TYPING_IDLE_MS} without one, on `stop()` (send) and on unmount.
 */
export function useTypingEmitter(notify: (isTyping: boolean) => void) {
  const typingRef = useRef(false);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const notifyRef = useRef(notify);
  useEffect(() => {
    notifyRef.current = notify;
  });

  const stop = useCallback(() => {
    if (timerRef.current !== null) clearTimeout(timerRef.current);
    timerRef.current = null;
    if (typingRef.current) {
      typingRef.current = false;
      notifyRef.current(false);
    }
  }, []);

  const keystroke = useCallback(() => {
    if (!typingRef.current) {
      typingRef.current = true;
      notifyRef.current(true);
    }
    if (timerRef.current !== null) clearTimeout(timerRef.current);
    timerRef.current = setTimeout(stop, TYPING_IDLE_MS);
  }, [stop]);

  useEffect(() => stop, [stop]);
  return { keystroke, stop };
}

/** The set of member ids currently typing, as reported by the server. */
export function useTypingUsers() {
  const [typing, setTyping] = useState<ReadonlySet<number>>(() => new Set());
  const update = useCallback((userId: number, isTyping: boolean) => {
    setTyping((current) => {
      if (current.has(userId) === isTyping) return current;
      const next = new Set(current);
      if (isTyping) next.add(userId);
      else next.delete(userId);
      return next;
    });
  }, []);
  return { typing, update };
}

import { LoaderCircle } from 'lucide-react';
import { cx } from '../lib/format';

/** A spinning indicator; decorative, so pair it with visible or screen-reader text. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cx('animate-spin', className ?? 'size-5')} />;
}

import { ArrowLeft } from 'lucide-react';
import { cx } from '../../../lib/format';

/** The arrow back to the conversation list, shown at 768 px or less only. */
export function BackToConversations({
  onBack,
  className,
}: {
  onBack: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onBack}
      aria-label="Back to conversations"
      className={cx(
        'grid size-9 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 min-[769px]:hidden',
        className,
      )}
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
    </button>
  );
}

import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

/** One question of a FAQ with its answer. */
export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/**
 * A FAQ (spec part 2 §2 "Download"): questions that open to show their answer, as native
 * `<details>`, which keyboards and screen readers already know.
 */
export function Faq({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
      {items.map(({ question, answer }) => (
        <details key={question} className="group px-5 py-1">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg py-4 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 [&::-webkit-details-marker]:hidden">
            {question}
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="pb-4 text-slate-600">{answer}</div>
        </details>
      ))}
    </div>
  );
}

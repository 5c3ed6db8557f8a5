import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../lib/format';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  /** The dialog's heading, also its accessible name. */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Text under the title, also the dialog's description. */
  description?: ReactNode;
  /** Width on larger screens. */
  size?: 'sm' | 'md';
}

/**
 * A modal dialog over the page: focus moves in and is kept inside (Tab wraps), the rest of the
 * page is inert, Escape, the close button and a click on the backdrop close it, and focus
 * returns to where it was. Render it only while open.
 */
export function Modal({ title, onClose, children, description, size = 'md' }: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Everything beside the dialog's portal becomes inert, so only the dialog can be used.
    const portal = panel.closest('[data-modal-root]');
    const made: Element[] = [];
    for (const element of Array.from(document.body.children)) {
      if (element === portal || element.hasAttribute('inert')) continue;
      element.setAttribute('inert', '');
      made.push(element);
    }
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const autofocus = panel.querySelector<HTMLElement>('[data-autofocus]');
    (autofocus ?? panel.querySelector<HTMLElement>(FOCUSABLE) ?? panel).focus();
    return () => {
      for (const element of made) element.removeAttribute('inert');
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      data-modal-root=""
      className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4"
    >
      <div
        aria-hidden="true"
        onClick={() => onCloseRef.current()}
        className="absolute inset-0 bg-slate-900/50 backdrop-blur-[1px]"
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description === undefined ? undefined : descriptionId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
        className={cx(
          'relative flex max-h-[90dvh] w-full flex-col rounded-t-2xl bg-white shadow-2xl focus:outline-none sm:rounded-2xl',
          size === 'sm' ? 'sm:max-w-md' : 'sm:max-w-lg',
        )}
      >
        <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-5 pt-5 pb-4">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description !== undefined && (
              <p id={descriptionId} className="mt-1 text-sm text-slate-500">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            aria-label="Close"
            onClick={() => onCloseRef.current()}
            className="-mt-1 -mr-1 grid size-9 shrink-0 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-600"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

import { X } from 'lucide-react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { cx } from '../lib/format';

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
 * A modal dialog over the page (React Aria Components): focus moves in (to the control marked
 * `autoFocus`, else the dialog) and is kept inside, the rest of the page is hidden from
 * assistive technology and cannot be scrolled, Escape, the close button and a click on the
 * backdrop close it, and focus returns to where it was. Render it only while open.
 */
export function Modal({ title, onClose, children, description, size = 'md' }: ModalProps) {
  const descriptionId = useId();
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 backdrop-blur-[1px] sm:items-center sm:p-4"
    >
      <AriaModal
        className={cx(
          'relative flex max-h-[90dvh] w-full flex-col rounded-t-2xl bg-white shadow-2xl sm:rounded-2xl',
          size === 'sm' ? 'sm:max-w-md' : 'sm:max-w-lg',
        )}
      >
        <Dialog
          aria-describedby={description === undefined ? undefined : descriptionId}
          className="flex min-h-0 flex-1 flex-col focus:outline-none"
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-5 pt-5 pb-4">
            <div className="min-w-0">
              <Heading slot="title" className="text-lg font-semibold text-slate-900">
                {title}
              </Heading>
              {description !== undefined && (
                <p id={descriptionId} className="mt-1 text-sm text-slate-500">
                  {description}
                </p>
              )}
            </div>
            <button
              type="button"
              aria-label="Close"
              onClick={onClose}
              className="-mt-1 -mr-1 grid size-9 shrink-0 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-600"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

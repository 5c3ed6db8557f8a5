import type { ReactNode, Ref } from 'react';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { cx } from '../lib/format';

/** Class names of an item (link or button) in a PopoverMenu. */
export const popoverItemClass =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600';

interface PopoverMenuProps {
  /** Accessible name of the panel, and of the trigger button unless `triggerLabel` is given. */
  label: string;
  /** Accessible name of the trigger button when it shows more than `label` (an unread count). */
  triggerLabel?: string;
  /** The trigger button's content. */
  trigger: ReactNode;
  triggerClassName: string;
  triggerRef?: Ref<HTMLButtonElement>;
  /** Whether the panel is open (controlled). */
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Class names of the panel (width, padding). */
  className?: string;
  /** The panel's links and buttons; each closes the panel through `onOpenChange`. */
  children: ReactNode;
}

/**
 * A button that opens a small panel of links and buttons under it (React Aria Components
 * DialogTrigger and Popover): the trigger tells whether the panel is expanded, focus moves into
 * the panel and stays there, Escape or a click outside closes it and focus returns to the
 * trigger. The items keep their link and button roles (spec part 1 §2 "profile area").
 */
export function PopoverMenu({
  label,
  triggerLabel,
  trigger,
  triggerClassName,
  triggerRef,
  isOpen,
  onOpenChange,
  className,
  children,
}: PopoverMenuProps) {
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button ref={triggerRef} aria-label={triggerLabel ?? label} className={triggerClassName}>
        {trigger}
      </Button>
      <Popover
        placement="bottom end"
        offset={8}
        className={cx(
          'rounded-2xl border border-slate-200 bg-white shadow-xl outline-none',
          className,
        )}
      >
        <Dialog aria-label={label} className="outline-none">
          {children}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

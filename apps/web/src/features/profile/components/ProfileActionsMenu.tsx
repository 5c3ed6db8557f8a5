import { Ban, Ellipsis, Flag } from 'lucide-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert } from '../../../components/Alert';
import { buttonClasses } from '../../../components/Button';
import { DialogActions } from '../../../components/DialogActions';
import { Modal } from '../../../components/Modal';
import { PopoverMenu, popoverItemClass } from '../../../components/PopoverMenu';
import { ReportDialog } from '../../../components/ReportDialog';
import { errorMessage } from '../../../lib/api-client';
import { useBlockToggle, useReport } from '../api';

const REASON_ID = 'report-reason';

/** The menu's items, each opening its dialog. */
const MENU_ITEMS = [
  { dialog: 'block', label: 'Block', icon: Ban },
  { dialog: 'report', label: 'Report', icon: Flag },
] as const;

interface MemberProps {
  userId: number;
  username: string;
}

function BlockDialog({
  userId,
  username,
  onBlocked,
  onClose,
}: MemberProps & { onBlocked: () => void; onClose: () => void }) {
  const block = useBlockToggle();
  return (
    <Modal
      title={`Block ${username}?`}
      description="They will not be able to find you, see your profile or message you. You also stop following each other."
      onClose={onClose}
      size="sm"
    >
      {block.isError && (
        <Alert tone="error" className="mb-4">
          {errorMessage(block.error, `Could not block ${username}. Please try again.`)}
        </Alert>
      )}
      <DialogActions
        onCancel={onClose}
        pending={block.isPending}
        onConfirm={() => block.mutate({ userId, block: true }, { onSuccess: onBlocked })}
      >
        <Ban aria-hidden="true" className="size-4" />
        Block
      </DialogActions>
    </Modal>
  );
}

function MemberReportDialog({
  userId,
  username,
  onReported,
  onClose,
}: MemberProps & { onReported: (message: string) => void; onClose: () => void }) {
  const report = useReport();
  return (
    <ReportDialog
      title={`Report ${username}`}
      description="Tell us what is wrong. Reports are private: the member is not told who sent them."
      placeholder="e.g. Spam, abuse in messages, fake profile"
      fieldId={REASON_ID}
      onSend={(reason) => report.mutate({ userId, reason }, { onSuccess: onReported })}
      pending={report.isPending}
      error={report.isError ? report.error : null}
      onClose={onClose}
    />
  );
}

interface ProfileActionsMenuProps extends MemberProps {
  /** Called once the block is done. */
  onBlocked: () => void;
  /** Called with the server's thank-you once a report is sent. */
  onReported: (message: string) => void;
}

/** The small menu on another member's profile: Block (after a confirmation) and Report. */
export function ProfileActionsMenu({
  userId,
  username,
  onBlocked,
  onReported,
}: ProfileActionsMenuProps) {
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  const openDialog = (which: 'block' | 'report') => {
    // Close the panel at once and give focus to the menu button, so the dialog gives focus
    // back to it rather than to the vanished item.
    flushSync(() => setOpen(false));
    triggerRef.current?.focus();
    setDialog(which);
  };

  return (
    <>
      <PopoverMenu
        label={`More options for ${username}`}
        isOpen={open}
        onOpenChange={setOpen}
        triggerRef={triggerRef}
        triggerClassName={buttonClasses('secondary', 'sm', 'px-2')}
        trigger={<Ellipsis aria-hidden="true" className="size-4" />}
        className="w-48 p-2"
      >
        <ul>
          {MENU_ITEMS.map(({ dialog: which, label, icon: Icon }) => (
            <li key={which}>
              <button type="button" className={popoverItemClass} onClick={() => openDialog(which)}>
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </button>
            </li>
          ))}
        </ul>
      </PopoverMenu>
      {dialog === 'block' && (
        <BlockDialog
          userId={userId}
          username={username}
          onBlocked={onBlocked}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'report' && (
        <MemberReportDialog
          userId={userId}
          username={username}
          onReported={(message) => {
            setDialog(null);
            onReported(message);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

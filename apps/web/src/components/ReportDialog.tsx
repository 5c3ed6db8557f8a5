import { Flag } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../lib/api-client';
import { Alert } from './Alert';
import { DialogActions } from './DialogActions';
import { TextAreaField } from './InputField';
import { Modal } from './Modal';

/** The longest reason a report takes (the server's limit). */
const REASON_MAX = 1000;

interface ReportDialogProps {
  /** The dialog's title, e.g. "Report rahul". */
  title: string;
  description: string;
  placeholder: string;
  /** The reason field's id, unique on the page. */
  fieldId: string;
  /** Sends the trimmed reason. */
  onSend: (reason: string) => void;
  pending: boolean;
  /** The failed send's error, shown in the dialog; null while there is none. */
  error: unknown;
  onClose: () => void;
}

/**
 * The report dialog of a member (features/profile), a review or an event (components/
 * ReportButton): a required reason of at most 1,000 characters with a counter, then "Send
 * report"; a failure shows the server's message, else "Could not send the report. Please try
 * again."
 */
export function ReportDialog({
  title,
  description,
  placeholder,
  fieldId,
  onSend,
  pending,
  error,
  onClose,
}: ReportDialogProps) {
  const { register, handleSubmit, watch, formState } = useForm({ defaultValues: { reason: '' } });
  const send = handleSubmit(({ reason }) => onSend(reason.trim()));

  return (
    <Modal title={title} description={description} onClose={onClose}>
      <form onSubmit={(event) => void send(event)} noValidate className="space-y-4">
        <TextAreaField
          id={fieldId}
          label="Reason"
          error={formState.errors.reason?.message}
          counter={{ value: watch('reason').length, max: REASON_MAX }}
          autoFocus
          rows={4}
          maxLength={REASON_MAX}
          placeholder={placeholder}
          {...register('reason', {
            validate: (reason) => reason.trim() !== '' || 'Reason is required',
          })}
        />
        {error !== null && (
          <Alert tone="error">
            {errorMessage(error, 'Could not send the report. Please try again.')}
          </Alert>
        )}
        <DialogActions onCancel={onClose} pending={pending}>
          <Flag aria-hidden="true" className="size-4" />
          Send report
        </DialogActions>
      </form>
    </Modal>
  );
}

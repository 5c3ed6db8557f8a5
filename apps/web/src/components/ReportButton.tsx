import { messageResponseSchema } from '@gameon/shared';
import { useMutation } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiRequest, errorMessage } from '../lib/api-client';
import { Alert } from './Alert';
import { Button } from './Button';
import { DialogActions } from './DialogActions';
import { TextAreaField } from './InputField';
import { Modal } from './Modal';

const REASON_MAX = 1000;

interface ReportButtonProps {
  /** What is reported, as the API names it: `/reviews/{id}` or `/events/{id}` (issue 17). */
  path: `/reviews/${number}` | `/events/${number}`;
  /** What it is, for the button's label and the dialog's title, e.g. the review's title. */
  subject: string;
}

/**
 * "Report" on a review or an event (issue 17 item 8): a dialog asks why, as the member report
 * does (features/profile), then `POST {path}/report` `{reason}` and shows the thank-you message.
 */
export function ReportButton({ path, subject }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const [thanks, setThanks] = useState<string | null>(null);
  const report = useMutation({
    mutationFn: async (reason: string) =>
      (
        await apiRequest(`${path}/report`, {
          method: 'POST',
          body: { reason },
          schema: messageResponseSchema,
        })
      ).data.message,
  });
  const { register, handleSubmit, watch, formState, reset } = useForm({
    defaultValues: { reason: '' },
  });
  const close = () => {
    setOpen(false);
    report.reset();
    reset();
  };
  const send = handleSubmit(({ reason }) =>
    report.mutate(reason.trim(), {
      onSuccess: (message) => {
        setThanks(message);
        close();
      },
    }),
  );

  return (
    <>
      {thanks !== null ? (
        <span role="status" className="text-xs text-slate-500">
          {thanks}
        </span>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Report ${subject}`}
          onClick={() => setOpen(true)}
        >
          <Flag aria-hidden="true" className="size-4" />
          Report
        </Button>
      )}
      {open && (
        <Modal
          title={`Report ${subject}`}
          description="Tell us what is wrong. Reports are private: nobody is told who sent them."
          onClose={close}
        >
          <form onSubmit={(event) => void send(event)} noValidate className="space-y-4">
            <TextAreaField
              id="content-report-reason"
              label="Reason"
              error={formState.errors.reason?.message}
              counter={{ value: watch('reason').length, max: REASON_MAX }}
              autoFocus
              rows={4}
              maxLength={REASON_MAX}
              placeholder="e.g. Spam, abuse, false information"
              {...register('reason', {
                validate: (reason) => reason.trim() !== '' || 'Reason is required',
              })}
            />
            {report.isError && (
              <Alert tone="error">
                {errorMessage(report.error, 'Could not send the report. Please try again.')}
              </Alert>
            )}
            <DialogActions onCancel={close} pending={report.isPending}>
              <Flag aria-hidden="true" className="size-4" />
              Send report
            </DialogActions>
          </form>
        </Modal>
      )}
    </>
  );
}

import { messageResponseSchema } from '@gameon/shared';
import { useMutation } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { apiRequest } from '../lib/api-client';
import { Button } from './Button';
import { ReportDialog } from './ReportDialog';

interface ReportButtonProps {
  /** What is reported, as the API names it: `/reviews/{id}`, `/events/{id}` or `/comments/{id}`. */
  path: `/reviews/${number}` | `/events/${number}` | `/comments/${number}`;
  /** What it is, for the button's label and the dialog's title, e.g. the review's title. */
  subject: string;
}

/**
 * "Report" on a review, an event or a comment: a dialog asks why, as the member report
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
  const close = () => {
    setOpen(false);
    report.reset();
  };

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
        <ReportDialog
          title={`Report ${subject}`}
          description="Tell us what is wrong. Reports are private: nobody is told who sent them."
          placeholder="e.g. Spam, abuse, false information"
          fieldId="content-report-reason"
          onSend={(reason) =>
            report.mutate(reason, {
              onSuccess: (message) => {
                setThanks(message);
                close();
              },
            })
          }
          pending={report.isPending}
          error={report.isError ? report.error : null}
          onClose={close}
        />
      )}
    </>
  );
}

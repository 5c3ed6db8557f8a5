import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { AuthHeading } from './AuthHeading';
import { OtpInput, emptyOtp } from './OtpInput';

/**
 * The state of a code-entry step: the boxes' digits, the error and notice texts, and `round`,
 * which remounts (empties and focuses) the boxes when it changes.
 */
export function useCodeEntry() {
  const [digits, setDigits] = useState(emptyOtp);
  const [round, setRound] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return {
    digits,
    round,
    error,
    notice,
    setError,
    setNotice,
    setDigits,
    /** Empties the boxes and focuses the first one. */
    clear: () => {
      setDigits(emptyOtp());
      setRound((value) => value + 1);
    },
  };
}

export type CodeEntry = ReturnType<typeof useCodeEntry>;

interface CodeEntryFormProps {
  entry: CodeEntry;
  icon: LucideIcon;
  /** The step's heading; `h2` when the page already has its own `h1`. */
  title: string;
  headingLevel: 'h1' | 'h2';
  /** Text under the heading (which address the code went to). */
  description: ReactNode;
  /** The error shown when a box is empty on submit. */
  incompleteMessage: string;
  /** Called with the complete code on submit. */
  onSubmitCode: (code: string) => void;
  submitLabel: string;
  /** Whether the code is being checked (disables the boxes, spins the button). */
  pending: boolean;
  /** Verify is disabled (e.g. the code expired). */
  submitDisabled?: boolean;
  /** Id of a text describing the boxes, rendered in `status`. */
  describedBy?: string;
  /** Shown under the boxes (e.g. the countdown). */
  status?: ReactNode;
  /** Shown under the submit button (resend, change e-mail). */
  footer: ReactNode;
}

/**
 * A code-entry step (spec part 1 §2, §4, §5): heading, six boxes for the e-mailed code, the
 * error or notice, the submit button and the step's own actions. A submit with an empty box
 * shows `incompleteMessage`; typing clears the error.
 */
export function CodeEntryForm({
  entry,
  icon,
  title,
  headingLevel,
  description,
  incompleteMessage,
  onSubmitCode,
  submitLabel,
  pending,
  submitDisabled = false,
  describedBy,
  status,
  footer,
}: CodeEntryFormProps) {
  const { digits, round, error, notice, setError, setNotice, setDigits } = entry;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    if (submitDisabled) return;
    if (digits.some((digit) => digit === '')) {
      setError(incompleteMessage);
      return;
    }
    setError(null);
    onSubmitCode(digits.join(''));
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-6">
      <AuthHeading icon={icon} title={title} level={headingLevel} centered>
        {description}
      </AuthHeading>

      <OtpInput
        key={round}
        digits={digits}
        onChange={(next) => {
          setDigits(next);
          if (error !== null) setError(null);
        }}
        disabled={pending}
        invalid={error !== null}
        autoFocus
        describedBy={describedBy}
      />
      {status}

      {error !== null && <Alert tone="error">{error}</Alert>}
      {notice !== null && <Alert tone="success">{notice}</Alert>}

      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={submitDisabled}
        loading={pending}
      >
        {submitLabel}
      </Button>
      {footer}
    </form>
  );
}

/** The address a code went to, set in bold and allowed to wrap anywhere. */
export function CodeAddress({ email }: { email: string }) {
  return <span className="font-semibold [overflow-wrap:anywhere] text-slate-900">{email}</span>;
}

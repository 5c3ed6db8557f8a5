import { OTP_LENGTH, OTP_TTL_SECONDS } from '@gameon/shared';
import type { VerifyOtpResponse } from '@gameon/shared';
import { MailCheck, TimerReset } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/Button';
import { ResponseShapeError, errorMessage, rateLimitMessage } from '../../../lib/api-client';
import { cx, formatCountdown } from '../../../lib/format';
import { useCountdown } from '../../../lib/use-countdown';
import { useResendOtp, useVerifyOtp } from '../api';
import { useAuth } from '../../../lib/session';
import { CodeAddress, CodeEntryForm, useCodeEntry } from './CodeEntryForm';

interface VerifyCodeStepProps {
  email: string;
  /** Back to the form to fix the e-mail address. */
  onChangeEmail: () => void;
}

/**
 * The registration code step (spec part 1 §4 "Registration", §8): six boxes, a 10-minute
 * countdown ('Code expired' and Verify disabled at 0), Resend (restarts the countdown, clears the
 * boxes) and Change Email. A verified code signs the new member in and opens /.
 */
export function VerifyCodeStep({ email, onChangeEmail }: VerifyCodeStepProps) {
  const { login } = useAuth();
  const navigate = useNavigate();
  const entry = useCodeEntry();
  const { setError, setNotice } = entry;
  const [deadline, setDeadline] = useState(() => Date.now() + OTP_TTL_SECONDS * 1000);
  const secondsLeft = useCountdown(deadline);
  const expired = secondsLeft === 0;
  const verify = useVerifyOtp();
  const resend = useResendOtp();

  const completeRegistration = async (otp: string) => {
    let session: VerifyOtpResponse;
    try {
      session = await verify.mutateAsync({ email, otp });
    } catch (failure) {
      // A 2xx answer without the new session: the code was accepted but no sign-in can follow.
      setError(
        failure instanceof ResponseShapeError
          ? 'Failed to complete registration. Please try logging in manually.'
          : errorMessage(failure, 'Verification failed'),
      );
      return;
    }
    const result = await login({ token: session.token, user: session.user });
    if (result.success) await navigate('/', { replace: true });
    else setError('Registration completed but auto-login failed. Please login manually.');
  };

  const handleResend = () => {
    setError(null);
    setNotice(null);
    resend.mutate(email, {
      onSuccess: () => {
        setDeadline(Date.now() + OTP_TTL_SECONDS * 1000);
        entry.clear();
        setNotice(`We sent a new code to ${email}.`);
      },
      onError: (failure) => setError(rateLimitMessage(failure) ?? 'Failed to resend OTP'),
    });
  };

  return (
    <CodeEntryForm
      entry={entry}
      icon={MailCheck}
      title="Check your inbox"
      headingLevel="h2"
      description={
        <>
          Enter the {OTP_LENGTH}-digit code we sent to <CodeAddress email={email} />
        </>
      }
      incompleteMessage={`Please enter all ${OTP_LENGTH} digits`}
      onSubmitCode={(otp) => void completeRegistration(otp)}
      submitLabel="Verify"
      pending={verify.isPending}
      submitDisabled={expired}
      describedBy="otp-countdown"
      status={
        <div id="otp-countdown" className="text-center text-sm">
          {expired ? (
            <p role="alert" className="font-semibold text-rose-600">
              Code expired
            </p>
          ) : (
            <p className={cx('text-slate-500', secondsLeft <= 60 && 'text-amber-700')}>
              Code expires in{' '}
              <span className="font-semibold tabular-nums">{formatCountdown(secondsLeft)}</span>
            </p>
          )}
        </div>
      }
      footer={
        <div className="flex flex-col items-center justify-center gap-2 text-sm sm:flex-row sm:gap-4">
          <span className="text-slate-500">Didn&apos;t get it?</span>
          <Button variant="ghost" size="sm" onClick={handleResend} loading={resend.isPending}>
            <TimerReset aria-hidden="true" className="size-4" />
            Resend
          </Button>
          <Button variant="ghost" size="sm" onClick={onChangeEmail}>
            Change Email
          </Button>
        </div>
      }
    />
  );
}

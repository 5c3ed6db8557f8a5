import { OTP_LENGTH, OTP_TTL_SECONDS } from '@gameon/shared';
import type { VerifyOtpResponse } from '@gameon/shared';
import { MailCheck, TimerReset } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ResponseShapeError, errorMessage, rateLimitMessage } from '../../../lib/api-client';
import { cx, formatCountdown } from '../../../lib/format';
import { useCountdown } from '../../../lib/use-countdown';
import { useResendOtp, useVerifyOtp } from '../api';
import { useAuth } from '../../../lib/session';
import { OtpInput, emptyOtp } from './OtpInput';

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
  const [digits, setDigits] = useState(emptyOtp);
  const [deadline, setDeadline] = useState(() => Date.now() + OTP_TTL_SECONDS * 1000);
  // Remounts the boxes (and focuses the first one) after a resend.
  const [round, setRound] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const secondsLeft = useCountdown(deadline);
  const expired = secondsLeft === 0;
  const verify = useVerifyOtp();
  const resend = useResendOtp();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    if (expired) return;
    if (digits.some((digit) => digit === '')) {
      setError(`Please enter all ${OTP_LENGTH} digits`);
      return;
    }
    setError(null);
    void completeRegistration(digits.join(''));
  };

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
        setDigits(emptyOtp());
        setRound((value) => value + 1);
        setNotice(`We sent a new code to ${email}.`);
      },
      onError: (failure) => setError(rateLimitMessage(failure) ?? 'Failed to resend OTP'),
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-6">
      <div className="text-center">
        <span className="mx-auto mb-4 grid size-14 place-items-center rounded-2xl bg-emerald-50 text-emerald-600">
          <MailCheck aria-hidden="true" className="size-7" />
        </span>
        <h2 className="text-2xl font-bold text-slate-900">Check your inbox</h2>
        <p className="mt-2 text-sm text-slate-600">
          Enter the {OTP_LENGTH}-digit code we sent to{' '}
          <span className="font-semibold [overflow-wrap:anywhere] text-slate-900">{email}</span>
        </p>
      </div>

      <OtpInput
        key={round}
        digits={digits}
        onChange={(next) => {
          setDigits(next);
          if (error !== null) setError(null);
        }}
        disabled={verify.isPending}
        invalid={error !== null}
        autoFocus
        describedBy="otp-countdown"
      />

      <div id="otp-countdown" className="text-center text-sm">
        {expired ? (
          <p role="alert" className="font-semibold text-rose-600">
            Code expired
          </p>
        ) : (
          <p className={cx('text-slate-500', secondsLeft <= 60 && 'text-amber-600')}>
            Code expires in{' '}
            <span className="font-semibold tabular-nums">{formatCountdown(secondsLeft)}</span>
          </p>
        )}
      </div>

      {error !== null && <Alert tone="error">{error}</Alert>}
      {notice !== null && <Alert tone="success">{notice}</Alert>}

      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={expired}
        loading={verify.isPending}
      >
        Verify
      </Button>

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
    </form>
  );
}

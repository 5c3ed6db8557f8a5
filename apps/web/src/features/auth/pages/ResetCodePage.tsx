import { OTP_LENGTH } from '@gameon/shared';
import { ShieldCheck, TimerReset } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { RESET_RESEND_LOCKOUT_SECONDS } from '@gameon/shared';
import { errorMessage, rateLimitMessage } from '../../../lib/api-client';
import { formatCountdown } from '../../../lib/format';
import { useCountdown } from '../../../lib/use-countdown';
import { useForgotPassword, useVerifyResetOtp } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { BackToLogin } from '../components/BackToLogin';
import { OtpInput, emptyOtp } from '../components/OtpInput';
import { resetCodeStateSchema } from '../password-reset';
import type { NewPasswordState } from '../password-reset';

const lockoutEnd = () => Date.now() + RESET_RESEND_LOCKOUT_SECONDS * 1000;

/**
 * Reset code entry (spec part 1 §2, §4 "Password reset", §5, §8): six boxes for the e-mailed
 * code and a 60 s resend lockout. Without the forgot-password screen's navigation state it sends
 * the visitor back there.
 */
export function ResetCodePage() {
  const state = resetCodeStateSchema.safeParse(useLocation().state);
  if (!state.success) return <Navigate to="/forgot-password" replace />;
  return <ResetCodeForm email={state.data.email} />;
}

function ResetCodeForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const verify = useVerifyResetOtp();
  const resend = useForgotPassword();
  const [digits, setDigits] = useState(emptyOtp);
  // Remounting the boxes empties them and focuses the first one.
  const [round, setRound] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(lockoutEnd);
  const lockoutLeft = useCountdown(resendAt);

  const resetBoxes = () => {
    setDigits(emptyOtp());
    setRound((value) => value + 1);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    if (digits.some((digit) => digit === '')) {
      setError(`Please enter the complete ${OTP_LENGTH}-digit code`);
      return;
    }
    setError(null);
    verify.mutate(
      { email, otp: digits.join('') },
      {
        onSuccess: ({ resetToken }) => {
          const state: NewPasswordState = { email, resetToken };
          void navigate('/new-password', { replace: true, state });
        },
        onError: (failure) => {
          setError(errorMessage(failure, 'Invalid verification code. Please try again.'));
          resetBoxes();
        },
      },
    );
  };

  const handleResend = () => {
    setError(null);
    setNotice(null);
    resend.mutate(email, {
      onSuccess: () => {
        setResendAt(lockoutEnd());
        resetBoxes();
        setNotice(`We sent a new code to ${email}.`);
      },
      onError: (failure) =>
        setError(rateLimitMessage(failure) ?? 'Failed to resend code. Please try again.'),
    });
  };

  return (
    <AuthLayout>
      <form onSubmit={handleSubmit} noValidate className="space-y-6">
        <div className="text-center">
          <span className="mx-auto mb-4 grid size-14 place-items-center rounded-2xl bg-emerald-50 text-emerald-600">
            <ShieldCheck aria-hidden="true" className="size-7" />
          </span>
          <h1 className="text-2xl font-bold text-slate-900">Enter your reset code</h1>
          <p className="mt-2 text-sm text-slate-600">
            If an account exists for{' '}
            <span className="font-semibold [overflow-wrap:anywhere] text-slate-900">{email}</span>,
            we sent it a {OTP_LENGTH}-digit code.
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
        />

        {error !== null && <Alert tone="error">{error}</Alert>}
        {notice !== null && <Alert tone="success">{notice}</Alert>}

        <Button type="submit" size="lg" className="w-full" loading={verify.isPending}>
          Verify Code
        </Button>

        <div className="flex min-h-8 items-center justify-center text-sm">
          {lockoutLeft > 0 ? (
            <p className="text-slate-500">
              Didn&apos;t get it? You can request a new code in{' '}
              <span className="font-semibold text-slate-700 tabular-nums">
                {formatCountdown(lockoutLeft)}
              </span>
            </p>
          ) : (
            <Button variant="ghost" size="sm" onClick={handleResend} loading={resend.isPending}>
              <TimerReset aria-hidden="true" className="size-4" />
              Resend code
            </Button>
          )}
        </div>
      </form>
      <BackToLogin />
    </AuthLayout>
  );
}

import { OTP_LENGTH } from '@gameon/shared';
import { ShieldCheck, TimerReset } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/Button';
import { RESET_RESEND_LOCKOUT_SECONDS } from '@gameon/shared';
import { errorMessage, rateLimitMessage } from '../../../lib/api-client';
import { formatCountdown } from '../../../lib/format';
import { useCountdown } from '../../../lib/use-countdown';
import { useForgotPassword, useVerifyResetOtp } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { BackToLogin } from '../components/BackToLogin';
import { CodeAddress, CodeEntryForm, useCodeEntry } from '../components/CodeEntryForm';
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
  const entry = useCodeEntry();
  const { setError, setNotice } = entry;
  const [resendAt, setResendAt] = useState(lockoutEnd);
  const lockoutLeft = useCountdown(resendAt);

  const handleCode = (otp: string) => {
    verify.mutate(
      { email, otp },
      {
        onSuccess: ({ resetToken }) => {
          const state: NewPasswordState = { email, resetToken };
          void navigate('/new-password', { replace: true, state });
        },
        onError: (failure) => {
          setError(errorMessage(failure, 'Invalid verification code. Please try again.'));
          entry.clear();
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
        entry.clear();
        setNotice(`We sent a new code to ${email}.`);
      },
      onError: (failure) =>
        setError(rateLimitMessage(failure) ?? 'Failed to resend code. Please try again.'),
    });
  };

  return (
    <AuthLayout>
      <CodeEntryForm
        entry={entry}
        icon={ShieldCheck}
        title="Enter your reset code"
        headingLevel="h1"
        description={
          <>
            If an account exists for <CodeAddress email={email} />, we sent it a {OTP_LENGTH}-digit
            code.
          </>
        }
        incompleteMessage={`Please enter the complete ${OTP_LENGTH}-digit code`}
        onSubmitCode={handleCode}
        submitLabel="Verify Code"
        pending={verify.isPending}
        footer={
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
        }
      />
      <BackToLogin />
    </AuthLayout>
  );
}

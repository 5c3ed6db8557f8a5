import { KeyRound, MailCheck, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { InputField } from '../../../components/InputField';
import { FORGOT_PASSWORD_REDIRECT_MS } from '@gameon/shared';
import { errorMessage } from '../../../lib/api-client';
import { useForgotPassword } from '../api';
import { AuthHeading } from '../components/AuthHeading';
import { AuthLayout } from '../components/AuthLayout';
import { BackToLogin } from '../components/BackToLogin';
import type { ResetCodeState } from '../password-reset';

/**
 * Forgot password (spec part 1 §2, §5, §8, §9): the e-mail address ('Email is required' once the
 * field is left empty; Send disabled while empty);
 * on success a confirmation shows for 2 s, then the reset code screen opens with
 * `{email, type: 'reset'}`.
 */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const forgotPassword = useForgotPassword();
  const { register, handleSubmit, watch, formState } = useForm({
    defaultValues: { email: '' },
    mode: 'onTouched',
  });
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  useEffect(() => {
    if (sent === null) return;
    const timer = setTimeout(() => {
      const state: ResetCodeState = { email: sent.email, type: 'reset' };
      void navigate('/reset-password-otp', { state });
    }, FORGOT_PASSWORD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [sent, navigate]);

  const send = handleSubmit(({ email }) => {
    const address = email.trim();
    setError(null);
    forgotPassword.mutate(address, {
      onSuccess: ({ message }) => setSent({ email: address, message }),
      onError: (failure) =>
        setError(errorMessage(failure, 'Something went wrong. Please try again.')),
    });
  });

  if (sent !== null) {
    return (
      <AuthLayout>
        <div className="space-y-4 text-center">
          <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-emerald-50 text-emerald-700">
            <MailCheck aria-hidden="true" className="size-7" />
          </span>
          <h1 className="text-2xl font-bold text-slate-900">Check your inbox</h1>
          <Alert tone="success" className="text-left">
            {sent.message}
          </Alert>
          <p className="text-sm text-slate-500">Taking you to the code screen…</p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <AuthHeading icon={KeyRound} title="Forgot your password?">
        Enter the email you signed up with and we&apos;ll send you a 6-digit reset code.
      </AuthHeading>
      <form onSubmit={(event) => void send(event)} noValidate className="space-y-4">
        <InputField
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          error={formState.errors.email?.message}
          {...register('email', { required: 'Email is required' })}
        />
        {error !== null && <Alert tone="error">{error}</Alert>}
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={watch('email') === ''}
          loading={forgotPassword.isPending}
        >
          <Send aria-hidden="true" className="size-4" />
          Send Reset Code
        </Button>
      </form>
      <BackToLogin />
    </AuthLayout>
  );
}

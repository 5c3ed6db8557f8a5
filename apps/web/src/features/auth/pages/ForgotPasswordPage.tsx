import { KeyRound, MailCheck, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormField, errorId, inputClasses } from '../../../components/FormField';
import { FORGOT_PASSWORD_REDIRECT_MS } from '@gameon/shared';
import { errorMessage } from '../../../lib/api-client';
import { useForgotPassword } from '../api';
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
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = touched && email === '';
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

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    setError(null);
    forgotPassword.mutate(address, {
      onSuccess: ({ message }) => setSent({ email: address, message }),
      onError: (failure) =>
        setError(errorMessage(failure, 'Something went wrong. Please try again.')),
    });
  };

  if (sent !== null) {
    return (
      <AuthLayout>
        <div className="space-y-4 text-center">
          <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-emerald-50 text-emerald-600">
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
      <div className="mb-6">
        <span className="mb-4 grid size-12 place-items-center rounded-2xl bg-emerald-50 text-emerald-600">
          <KeyRound aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-2xl font-bold text-slate-900">Forgot your password?</h1>
        <p className="mt-1 text-sm text-slate-600">
          Enter the email you signed up with and we&apos;ll send you a 6-digit reset code.
        </p>
      </div>
      <form onSubmit={handleSubmit} noValidate className="space-y-4">
        <FormField
          label="Email"
          htmlFor="forgot-email"
          error={missing ? 'Email is required' : null}
        >
          <input
            id="forgot-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            onBlur={() => setTouched(true)}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? errorId('forgot-email') : undefined}
            className={inputClasses(missing)}
            placeholder="you@example.com"
          />
        </FormField>
        {error !== null && <Alert tone="error">{error}</Alert>}
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={email === ''}
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

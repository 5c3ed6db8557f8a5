import { PASSWORD_MIN } from '@gameon/shared';
import { LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormField, inputClasses } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api-client';
import { useResetPassword } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { BackToLogin } from '../components/BackToLogin';
import { PasswordStrengthMeter } from '../../../components/PasswordStrengthMeter';
import { newPasswordStateSchema, validateNewPassword } from '../password-reset';
import type { LoginState, NewPasswordState } from '../password-reset';

/**
 * New password (spec part 1 §2, §5, §8): the password and its confirmation, sent with the reset
 * token; success opens /login with the server's success message. Without the reset code screen's
 * navigation state it sends the visitor back to /forgot-password.
 */
export function NewPasswordPage() {
  const state = newPasswordStateSchema.safeParse(useLocation().state);
  if (!state.success) return <Navigate to="/forgot-password" replace />;
  return <NewPasswordForm {...state.data} />;
}

function NewPasswordForm({ email, resetToken }: NewPasswordState) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateNewPassword(password, confirmPassword);
    setError(invalid);
    if (invalid !== null) return;
    resetPassword.mutate(
      { email, resetToken, newPassword: password },
      {
        onSuccess: ({ message }) => {
          const state: LoginState = { message };
          void navigate('/login', { replace: true, state });
        },
        onError: (failure) =>
          setError(errorMessage(failure, 'Failed to reset password. Please try again.')),
      },
    );
  };

  return (
    <AuthLayout>
      <div className="mb-6">
        <span className="mb-4 grid size-12 place-items-center rounded-2xl bg-emerald-50 text-emerald-600">
          <LockKeyhole aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-2xl font-bold text-slate-900">Choose a new password</h1>
        <p className="mt-1 text-sm text-slate-600">
          For <span className="font-semibold [overflow-wrap:anywhere]">{email}</span>. Use at least{' '}
          {PASSWORD_MIN} characters.
        </p>
      </div>
      <form onSubmit={handleSubmit} noValidate className="space-y-4">
        <FormField label="New Password" htmlFor="reset-password">
          <input
            id="reset-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby="reset-password-strength"
            className={inputClasses()}
          />
          <PasswordStrengthMeter id="reset-password-strength" password={password} />
        </FormField>
        <FormField label="Confirm Password" htmlFor="reset-confirm">
          <input
            id="reset-confirm"
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
            className={inputClasses()}
          />
        </FormField>
        {error !== null && <Alert tone="error">{error}</Alert>}
        <Button type="submit" size="lg" className="w-full" loading={resetPassword.isPending}>
          Reset Password
        </Button>
      </form>
      <BackToLogin />
    </AuthLayout>
  );
}

import { PASSWORD_MIN } from '@gameon/shared';
import { LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { errorMessage } from '../../../lib/api-client';
import { useResetPassword } from '../api';
import { AuthHeading } from '../components/AuthHeading';
import { AuthLayout } from '../components/AuthLayout';
import { BackToLogin } from '../components/BackToLogin';
import { PasswordFields } from '../components/PasswordFields';
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
  const { register, handleSubmit, watch } = useForm({
    defaultValues: { password: '', confirmPassword: '' },
  });
  const [error, setError] = useState<string | null>(null);

  const reset = handleSubmit(({ password, confirmPassword }) => {
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
  });

  return (
    <AuthLayout>
      <AuthHeading icon={LockKeyhole} title="Choose a new password">
        For <span className="font-semibold [overflow-wrap:anywhere]">{email}</span>. Use at least{' '}
        {PASSWORD_MIN} characters.
      </AuthHeading>
      <form onSubmit={(event) => void reset(event)} noValidate className="space-y-4">
        <PasswordFields
          idPrefix="reset"
          passwordLabel="New Password"
          password={watch('password')}
          passwordField={register('password')}
          confirmField={register('confirmPassword')}
        />
        {error !== null && <Alert tone="error">{error}</Alert>}
        <Button type="submit" size="lg" className="w-full" loading={resetPassword.isPending}>
          Reset Password
        </Button>
      </form>
      <BackToLogin />
    </AuthLayout>
  );
}

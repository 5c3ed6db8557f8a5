import { LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { InputField } from '../../../components/InputField';
import { useAuth } from '../../../lib/session';
import { nextPath, withNext } from '../../../lib/sign-in-return';
import { AuthHeading, AuthSwitch } from '../components/AuthHeading';
import { AuthLayout } from '../components/AuthLayout';

function stateMessage(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'message' in state) {
    const { message } = state;
    if (typeof message === 'string' && message !== '') return message;
  }
  return null;
}

/**
 * Sign in (spec part 1 §2 "Login"): e-mail and password, a forgot-password link and a sign-up
 * link. A success message passed in navigation state is shown once, then the state is cleared.
 */
export function LoginPage() {
  const { login } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [successMessage] = useState(() => stateMessage(location.state));
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    if (stateMessage(location.state) !== null) {
      void navigate(
        { pathname: location.pathname, search: location.search },
        { replace: true, state: null },
      );
    }
  }, [location.state, location.pathname, location.search, navigate]);

  const signIn = handleSubmit(async ({ email, password }) => {
    setError(null);
    const result = await login({ email: email.trim(), password });
    // On success the signed-in routes take over: the feed, or the page the sign-in was asked
    // from (`?next=` or navigation state, lib/sign-in-return.ts).
    if (!result.success) setError(result.message);
  });

  return (
    <AuthLayout>
      <AuthHeading title="Welcome back">Sign in to find your next game.</AuthHeading>
      {successMessage !== null && (
        <Alert tone="success" className="mb-4">
          {successMessage}
        </Alert>
      )}
      <form onSubmit={(event) => void signIn(event)} noValidate className="space-y-4">
        <InputField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          {...register('email')}
        />
        <InputField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...register('password')}
        />
        <div className="flex justify-end">
          <Link
            to="/forgot-password"
            className="text-sm font-medium text-emerald-700 hover:text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
          >
            Forgot password?
          </Link>
        </div>
        {error !== null && <Alert tone="error">{error}</Alert>}
        <Button type="submit" size="lg" className="w-full" loading={formState.isSubmitting}>
          <LogIn aria-hidden="true" className="size-4" />
          Sign In
        </Button>
      </form>
      <AuthSwitch
        question="New to GameOn?"
        to={withNext('/register', nextPath(location.search))}
        link="Create an account"
      />
    </AuthLayout>
  );
}

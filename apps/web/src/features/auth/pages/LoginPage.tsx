import { LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormField, inputClasses } from '../../../components/FormField';
import { useAuth } from '../../../lib/session';
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (stateMessage(location.state) !== null) {
      void navigate(location.pathname, { replace: true, state: null });
    }
  }, [location.state, location.pathname, navigate]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    const result = await login({ email: email.trim(), password });
    if (!result.success) {
      setError(result.message);
      setSubmitting(false);
    }
    // On success the signed-in routes take over and show the feed.
  };

  return (
    <AuthLayout>
      <div className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900">Welcome back</h1>
        <p className="mt-1 text-sm text-slate-600">Sign in to find your next game.</p>
      </div>
      {successMessage !== null && (
        <Alert tone="success" className="mb-4">
          {successMessage}
        </Alert>
      )}
      <form onSubmit={handleSubmit} noValidate className="space-y-4">
        <FormField label="Email" htmlFor="login-email">
          <input
            id="login-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={inputClasses()}
            placeholder="you@example.com"
          />
        </FormField>
        <FormField label="Password" htmlFor="login-password">
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            className={inputClasses()}
          />
        </FormField>
        <div className="flex justify-end">
          <Link
            to="/forgot-password"
            className="text-sm font-medium text-emerald-700 hover:text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
          >
            Forgot password?
          </Link>
        </div>
        {error !== null && <Alert tone="error">{error}</Alert>}
        <Button type="submit" size="lg" className="w-full" loading={submitting}>
          <LogIn aria-hidden="true" className="size-4" />
          Sign In
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        New to GameOn?{' '}
        <Link
          to="/register"
          className="font-semibold text-emerald-700 hover:text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
        >
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}

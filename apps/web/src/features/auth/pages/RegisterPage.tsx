import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormField, hintId, inputClasses } from '../../../components/FormField';
import { useSendOtp } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { PasswordStrengthMeter } from '../../../components/PasswordStrengthMeter';
import { VerifyCodeStep } from '../components/VerifyCodeStep';
import { parseCommaList } from '../../../lib/format';
import { emptyRegistration, validateRegistration } from '../registration';
import type { RegistrationValues } from '../registration';
import { registrationErrorMessage } from '../registration-error';

const linkClass =
  'font-semibold text-emerald-700 hover:text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600';

/**
 * Sign up (spec part 1 §2 "Register", §4, §5, §8): the form, then the e-mailed code step; a
 * verified code signs the member in and opens the feed.
 */
export function RegisterPage() {
  const [values, setValues] = useState<RegistrationValues>(emptyRegistration);
  const [step, setStep] = useState<'form' | 'code'>('form');
  const [error, setError] = useState<string | null>(null);
  const sendOtp = useSendOtp();

  const set =
    <K extends keyof RegistrationValues>(key: K) =>
    (value: RegistrationValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateRegistration(values);
    setError(invalid);
    if (invalid !== null) return;
    sendOtp.mutate(
      {
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        bio: values.bio.trim(),
        sports: parseCommaList(values.sports),
        tags: parseCommaList(values.tags),
      },
      {
        onSuccess: () => setStep('code'),
        onError: (failure) => setError(registrationErrorMessage(failure)),
      },
    );
  };

  if (step === 'code') {
    return (
      <AuthLayout>
        <VerifyCodeStep
          email={values.email.trim()}
          onChangeEmail={() => {
            setError(null);
            setStep('form');
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <div className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900">Create your account</h1>
        <p className="mt-1 text-sm text-slate-600">
          Join players across India. It&apos;s free, forever.
        </p>
      </div>
      <form onSubmit={handleSubmit} noValidate className="space-y-4">
        <FormField label="Username" htmlFor="register-username">
          <input
            id="register-username"
            autoComplete="username"
            value={values.username}
            onChange={(event) => set('username')(event.target.value)}
            className={inputClasses()}
            placeholder="e.g. priya_smashes"
          />
        </FormField>
        <FormField label="Email" htmlFor="register-email">
          <input
            id="register-email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => set('email')(event.target.value)}
            className={inputClasses()}
            placeholder="you@example.com"
          />
        </FormField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Password" htmlFor="register-password" className="sm:col-span-2">
            <input
              id="register-password"
              type="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(event) => set('password')(event.target.value)}
              aria-describedby="register-password-strength"
              className={inputClasses()}
            />
            <PasswordStrengthMeter id="register-password-strength" password={values.password} />
          </FormField>
          <FormField label="Confirm Password" htmlFor="register-confirm" className="sm:col-span-2">
            <input
              id="register-confirm"
              type="password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(event) => set('confirmPassword')(event.target.value)}
              className={inputClasses()}
            />
          </FormField>
        </div>
        <FormField label="Bio" htmlFor="register-bio" optional>
          <textarea
            id="register-bio"
            rows={2}
            value={values.bio}
            onChange={(event) => set('bio')(event.target.value)}
            className={inputClasses(false, 'resize-y')}
            placeholder="Weekend striker, looking for a 5-a-side team"
          />
        </FormField>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Sports" htmlFor="register-sports" optional hint="Separate with commas">
            <input
              id="register-sports"
              value={values.sports}
              onChange={(event) => set('sports')(event.target.value)}
              aria-describedby={hintId('register-sports')}
              className={inputClasses()}
              placeholder="Cricket, Badminton"
            />
          </FormField>
          <FormField label="Tags" htmlFor="register-tags" optional hint="Separate with commas">
            <input
              id="register-tags"
              value={values.tags}
              onChange={(event) => set('tags')(event.target.value)}
              aria-describedby={hintId('register-tags')}
              className={inputClasses()}
              placeholder="weekends, beginner"
            />
          </FormField>
        </div>
        <div className="flex items-start gap-3">
          <input
            id="register-terms"
            type="checkbox"
            checked={values.agreedToTerms}
            onChange={(event) => set('agreedToTerms')(event.target.checked)}
            className="mt-0.5 size-4 rounded border-slate-300 accent-emerald-600"
          />
          <label htmlFor="register-terms" className="text-sm text-slate-600">
            I agree to the{' '}
            <Link to="/terms" className={linkClass}>
              Terms and Conditions
            </Link>{' '}
            and the{' '}
            <Link to="/privacy" className={linkClass}>
              Privacy Policy
            </Link>
          </label>
        </div>
        {error !== null && <Alert tone="error">{error}</Alert>}
        <Button type="submit" size="lg" className="w-full" loading={sendOtp.isPending}>
          <UserPlus aria-hidden="true" className="size-4" />
          Create Account
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to="/login" className={linkClass}>
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}

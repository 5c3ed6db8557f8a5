import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { InputField, TextAreaField } from '../../../components/InputField';
import { useSendOtp } from '../api';
import { AuthHeading, AuthSwitch, authLinkClass } from '../components/AuthHeading';
import { AuthLayout } from '../components/AuthLayout';
import { PasswordFields } from '../components/PasswordFields';
import { VerifyCodeStep } from '../components/VerifyCodeStep';
import { parseCommaList } from '../../../lib/format';
import { emptyRegistration, validateRegistration } from '../registration';
import type { RegistrationValues } from '../registration';
import { registrationErrorMessage } from '../registration-error';

/** The two comma-separated list fields (spec part 1 §5). */
const LIST_FIELDS = [
  { name: 'sports', label: 'Sports', placeholder: 'Cricket, Badminton' },
  { name: 'tags', label: 'Tags', placeholder: 'weekends, beginner' },
] as const;

/**
 * A link to a policy from the sign-up form: it opens in a new tab, so the half-filled form stays
 * as it is in this one.
 */
function PolicyLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} target="_blank" rel="noopener" className={authLinkClass}>
      {children} <span className="sr-only">(opens in a new tab)</span>
    </Link>
  );
}

/**
 * Sign up (spec part 1 §2 "Register", §4, §5, §8): the form, then the e-mailed code step; a
 * verified code signs the member in and opens the feed.
 */
export function RegisterPage() {
  const { register, handleSubmit, watch, getValues } = useForm<RegistrationValues>({
    defaultValues: emptyRegistration,
  });
  const [step, setStep] = useState<'form' | 'code'>('form');
  const [error, setError] = useState<string | null>(null);
  const sendOtp = useSendOtp();

  const createAccount = handleSubmit((values) => {
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
  });

  if (step === 'code') {
    return (
      <AuthLayout>
        <VerifyCodeStep
          email={getValues('email').trim()}
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
      <AuthHeading title="Create your account">
        Join players across India. It&apos;s free, forever.
      </AuthHeading>
      <form onSubmit={(event) => void createAccount(event)} noValidate className="space-y-4">
        <InputField
          id="register-username"
          label="Username"
          autoComplete="username"
          placeholder="e.g. priya_smashes"
          {...register('username')}
        />
        <InputField
          id="register-email"
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...register('email')}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <PasswordFields
            idPrefix="register"
            passwordLabel="Password"
            password={watch('password')}
            passwordField={register('password')}
            confirmField={register('confirmPassword')}
            className="sm:col-span-2"
          />
        </div>
        <TextAreaField
          id="register-bio"
          label="Bio"
          optional
          rows={2}
          placeholder="Weekend striker, looking for a 5-a-side team"
          {...register('bio')}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {LIST_FIELDS.map(({ name, label, placeholder }) => (
            <InputField
              key={name}
              id={`register-${name}`}
              label={label}
              optional
              hint="Separate with commas"
              placeholder={placeholder}
              {...register(name)}
            />
          ))}
        </div>
        <div className="flex items-start gap-3">
          <input
            id="register-terms"
            type="checkbox"
            className="mt-0.5 size-4 rounded border-slate-300 accent-emerald-600"
            {...register('agreedToTerms')}
          />
          <label htmlFor="register-terms" className="text-sm text-slate-600">
            I agree to the <PolicyLink to="/terms">Terms and Conditions</PolicyLink> and the{' '}
            <PolicyLink to="/privacy">Privacy Policy</PolicyLink>
          </label>
        </div>
        {error !== null && <Alert tone="error">{error}</Alert>}
        <Button type="submit" size="lg" className="w-full" loading={sendOtp.isPending}>
          <UserPlus aria-hidden="true" className="size-4" />
          Create Account
        </Button>
      </form>
      <AuthSwitch question="Already have an account?" to="/login" link="Sign in" />
    </AuthLayout>
  );
}

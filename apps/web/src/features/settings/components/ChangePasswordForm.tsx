import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormField, errorId, inputClasses } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api-client';
import { PasswordStrengthMeter } from '../../../components/PasswordStrengthMeter';
import { useChangePassword } from '../api';
import { emptyPasswordChange, validatePasswordChange } from '../password-change';
import type { PasswordChangeField, PasswordChangeValues } from '../password-change';

const fields: { name: PasswordChangeField; id: string; label: string; autoComplete: string }[] = [
  {
    name: 'currentPassword',
    id: 'settings-current-password',
    label: 'Current Password',
    autoComplete: 'current-password',
  },
  {
    name: 'newPassword',
    id: 'settings-new-password',
    label: 'New Password',
    autoComplete: 'new-password',
  },
  {
    name: 'confirmPassword',
    id: 'settings-confirm-password',
    label: 'Confirm New Password',
    autoComplete: 'new-password',
  },
];

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/**
 * Change password (spec part 2 §3, §5, §8): current, new and confirmed new password. The
 * confirmation is checked here and never sent; success clears the form.
 */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const [values, setValues] = useState<PasswordChangeValues>(emptyPasswordChange);
  const [invalid, setInvalid] = useState<{ field: PasswordChangeField; message: string } | null>(
    null,
  );
  const [outcome, setOutcome] = useState<Outcome>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const failure = validatePasswordChange(values);
    setInvalid(failure);
    if (failure !== null) {
      const field = fields.find(({ name }) => name === failure.field);
      if (field) document.getElementById(field.id)?.focus();
      return;
    }
    changePassword.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(emptyPasswordChange);
          setOutcome({ tone: 'success', text: 'Password changed successfully' });
        },
        onError: (error) =>
          setOutcome({ tone: 'error', text: errorMessage(error, 'Failed to change password') }),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      {fields.map(({ name, id, label, autoComplete }) => {
        const error = invalid?.field === name ? invalid.message : null;
        const describedBy = [
          name === 'newPassword' ? `${id}-strength` : null,
          error === null ? null : errorId(id),
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <FormField key={name} label={label} htmlFor={id} error={error}>
            <input
              id={id}
              type="password"
              autoComplete={autoComplete}
              value={values[name]}
              onChange={(event) => {
                setValues((current) => ({ ...current, [name]: event.target.value }));
                if (error !== null) setInvalid(null);
                setOutcome(null);
              }}
              aria-invalid={error !== null || undefined}
              aria-describedby={describedBy === '' ? undefined : describedBy}
              className={inputClasses(error !== null)}
            />
            {name === 'newPassword' && (
              <PasswordStrengthMeter id={`${id}-strength`} password={values.newPassword} />
            )}
          </FormField>
        );
      })}
      {outcome !== null && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <div className="flex justify-end border-t border-slate-100 pt-4">
        <Button type="submit" className="w-full sm:w-auto" loading={changePassword.isPending}>
          <KeyRound aria-hidden="true" className="size-4" />
          Change Password
        </Button>
      </div>
    </form>
  );
}

import { KeyRound } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { InputField } from '../../../components/InputField';
import { errorMessage } from '../../../lib/api-client';
import { PasswordStrengthMeter } from '../../../components/PasswordStrengthMeter';
import { useChangePassword } from '../api';
import { emptyPasswordChange, passwordChangeFormSchema } from '../password-change';
import type { PasswordChangeValues } from '../password-change';

const fields: {
  name: keyof PasswordChangeValues;
  id: string;
  label: string;
  autoComplete: string;
}[] = [
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
 * Change password (spec part 2 §3, §5, §8): current, new and confirmed new password, checked by
 * {@link passwordChangeFormSchema} (the first invalid field gets focus). The confirmation is
 * never sent; success clears the form.
 */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const { register, handleSubmit, reset, watch, formState } = useForm({
    defaultValues: emptyPasswordChange,
    resolver: zodResolver(passwordChangeFormSchema),
  });
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = handleSubmit(
    ({ currentPassword, newPassword }) => {
      setOutcome(null);
      changePassword.mutate(
        { currentPassword, newPassword },
        {
          onSuccess: () => {
            reset();
            setOutcome({ tone: 'success', text: 'Password changed successfully' });
          },
          onError: (error) =>
            setOutcome({ tone: 'error', text: errorMessage(error, 'Failed to change password') }),
        },
      );
    },
    () => setOutcome(null),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {fields.map(({ name, id, label, autoComplete }) => (
        <InputField
          key={name}
          id={id}
          label={label}
          type="password"
          autoComplete={autoComplete}
          error={formState.errors[name]?.message}
          aria-describedby={name === 'newPassword' ? `${id}-strength` : undefined}
          {...register(name, { onChange: () => setOutcome(null) })}
        >
          {name === 'newPassword' && (
            <PasswordStrengthMeter id={`${id}-strength`} password={watch('newPassword')} />
          )}
        </InputField>
      ))}
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

import type { UseFormRegisterReturn } from 'react-hook-form';
import { InputField } from '../../../components/InputField';
import { PasswordStrengthMeter } from '../../../components/PasswordStrengthMeter';

interface PasswordFieldsProps {
  /** Ids are `<idPrefix>-password` and `<idPrefix>-confirm`. */
  idPrefix: string;
  /** Label of the first field ('Password', 'New Password'). */
  passwordLabel: string;
  /** The typed password, for the strength meter. */
  password: string;
  /** React Hook Form's `register('password')` and `register('confirmPassword')`. */
  passwordField: UseFormRegisterReturn;
  confirmField: UseFormRegisterReturn;
  /** Class names of each field. */
  className?: string;
}

/**
 * A new password and its confirmation, with the strength meter under the first (spec part 1
 * §5); used by registration and the password reset.
 */
export function PasswordFields({
  idPrefix,
  passwordLabel,
  password,
  passwordField,
  confirmField,
  className,
}: PasswordFieldsProps) {
  const strengthId = `${idPrefix}-password-strength`;
  return (
    <>
      <InputField
        id={`${idPrefix}-password`}
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        aria-describedby={strengthId}
        className={className}
        {...passwordField}
      >
        <PasswordStrengthMeter id={strengthId} password={password} />
      </InputField>
      <InputField
        id={`${idPrefix}-confirm`}
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        className={className}
        {...confirmField}
      />
    </>
  );
}

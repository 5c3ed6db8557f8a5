import type { ComponentProps, ReactNode } from 'react';
import { FormField, errorId, hintId, inputClasses } from './FormField';

interface InputFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'className'> {
  /** Id of the input. */
  id: string;
  /** Visible label text. */
  label: ReactNode;
  /** Error text under the input; it also marks the input invalid and describes it. Pass
   * `aria-invalid` alone to mark it invalid without a text of its own. */
  error?: string | null;
  /** Hint text under the input; it also describes the input. */
  hint?: ReactNode;
  /** Marks the label with '(optional)'. */
  optional?: boolean;
  /** Class names of the field (label, input and texts). */
  className?: string;
  /** Extra class names of the input itself. */
  inputClassName?: string;
  /** Shown under the input (e.g. a password strength meter). */
  children?: ReactNode;
}

/**
 * A labelled text input with its hint and error texts wired to `aria-describedby` (in that
 * order, after any `aria-describedby` given). Spread React Hook Form's `register(name)` into it.
 */
export function InputField({
  id,
  label,
  error = null,
  hint,
  optional,
  className,
  inputClassName,
  children,
  'aria-describedby': describedBy,
  'aria-invalid': ariaInvalid,
  ...input
}: InputFieldProps) {
  const hasError = error !== null && error !== '';
  // Marked invalid by its error text, or by the caller when the rule is told elsewhere.
  const invalid = hasError || ariaInvalid === true;
  const description = [
    describedBy,
    hint === undefined ? undefined : hintId(id),
    hasError ? errorId(id) : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <FormField
      label={label}
      htmlFor={id}
      error={error}
      hint={hint}
      optional={optional}
      className={className}
    >
      <input
        id={id}
        {...input}
        aria-invalid={invalid || undefined}
        aria-describedby={description === '' ? undefined : description}
        className={inputClasses(invalid, inputClassName)}
      />
      {children}
    </FormField>
  );
}

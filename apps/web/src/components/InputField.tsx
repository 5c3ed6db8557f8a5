import type { ComponentProps, ReactNode } from 'react';
import { FormField, errorId, hintId, inputClasses } from './FormField';

interface FieldProps {
  /** Id of the control. */
  id: string;
  /** Visible label text. */
  label: ReactNode;
  /**
   * Error text under the control; it also marks the control invalid and describes it. Pass
   * `aria-invalid` alone to mark it invalid without a text of its own.
   */
  error?: string | null;
  /** Hint text under the control; it also describes the control. */
  hint?: ReactNode;
  /** Marks the label with '(optional)'. */
  optional?: boolean;
  /** Character counter beside the label, e.g. 12/100. */
  counter?: { value: number; max: number };
  /** Class names of the field (label, control and texts). */
  className?: string;
  /** Extra class names of the control itself. */
  inputClassName?: string;
  /** Shown under the control (e.g. a password strength meter). */
  children?: ReactNode;
}

type ControlProps<E extends 'input' | 'textarea'> = FieldProps &
  Omit<ComponentProps<E>, 'id' | 'className' | 'children'>;

/**
 * The parts of a field around its control: the FormField props, and the control's invalid flag
 * and `aria-describedby` (the given ids, then the hint, then the error).
 */
function fieldParts<E extends 'input' | 'textarea'>(props: ControlProps<E>) {
  const {
    id,
    label,
    error = null,
    hint,
    optional,
    counter,
    className,
    inputClassName,
    children,
    'aria-describedby': describedBy,
    'aria-invalid': ariaInvalid,
    ...control
  } = props;
  const hasError = error !== null && error !== '';
  const invalid = hasError || ariaInvalid === true;
  const description = [
    describedBy,
    hint === undefined ? undefined : hintId(id),
    hasError ? errorId(id) : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    field: { label, htmlFor: id, error, hint, optional, counter, className, children },
    control: {
      id,
      ...control,
      'aria-invalid': invalid || undefined,
      'aria-describedby': description === '' ? undefined : description,
    },
    invalid,
    inputClassName,
  };
}

/**
 * A labelled text input with its hint, counter and error wired to it. Spread React Hook Form's
 * `register(name)` into it.
 */
export function InputField(props: ControlProps<'input'>) {
  const { field, control, invalid, inputClassName } = fieldParts(props);
  const { children, ...rest } = field;
  return (
    <FormField {...rest}>
      <input {...control} className={inputClasses(invalid, inputClassName)} />
      {children}
    </FormField>
  );
}

/** A labelled text area (resizable), wired like {@link InputField}. */
export function TextAreaField(props: ControlProps<'textarea'>) {
  const { field, control, invalid, inputClassName } = fieldParts(props);
  const { children, ...rest } = field;
  return (
    <FormField {...rest}>
      <textarea
        {...control}
        className={inputClasses(invalid, `resize-y ${inputClassName ?? ''}`)}
      />
      {children}
    </FormField>
  );
}

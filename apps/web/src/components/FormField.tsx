import type { ReactNode } from 'react';
import { cx } from '../lib/format';

/** Class names of a text input, select or text area. */
export function inputClasses(invalid = false, className?: string): string {
  return cx(
    'block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-xs',
    'placeholder:text-slate-500 transition-colors',
    'focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-0',
    'disabled:cursor-not-allowed disabled:bg-slate-100',
    invalid
      ? 'border-rose-400 focus-visible:border-rose-500 focus-visible:ring-rose-200'
      : 'border-slate-300 focus-visible:border-emerald-500 focus-visible:ring-emerald-200',
    className,
  );
}

interface FormFieldProps {
  /** Visible label text. */
  label: ReactNode;
  /** Id of the control the label belongs to. */
  htmlFor: string;
  /** Error text shown under the control (give the control `aria-describedby={errorId(id)}`). */
  error?: string | null;
  hint?: ReactNode;
  /** Character counter, e.g. '12/100'. */
  counter?: { value: number; max: number };
  /** Marks the label with '(optional)'. */
  optional?: boolean;
  children: ReactNode;
  className?: string;
}

/** Id of the error text of the control `id`. */
export function errorId(id: string): string {
  return `${id}-error`;
}

/** Id of the hint text of the control `id`. */
export function hintId(id: string): string {
  return `${id}-hint`;
}

/**
 * The `aria-invalid` and `aria-describedby` of a control `id` (a select, a date input) with an
 * optional error: `extra` ids first, then its error text when there is one.
 */
export function errorProps(id: string, error: string | undefined, extra?: string) {
  const describedBy = [extra, error ? errorId(id) : undefined].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy === '' ? undefined : describedBy,
  };
}

/** A labelled form control with optional hint, counter and error text. */
export function FormField({
  label,
  htmlFor,
  error,
  hint,
  counter,
  optional = false,
  children,
  className,
}: FormFieldProps) {
  return (
    <div className={cx('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={htmlFor} className="text-sm font-medium text-slate-700">
          {label}
          {/* The space is part of the accessible name: "Tags (optional)", not "Tags(optional)". */}
          {optional && <span className="font-normal text-slate-500"> (optional)</span>}
        </label>
        {counter && (
          <span
            className={cx(
              'text-xs tabular-nums',
              counter.value > counter.max ? 'font-semibold text-rose-600' : 'text-slate-500',
            )}
          >
            {counter.value}/{counter.max}
          </span>
        )}
      </div>
      {children}
      {hint !== undefined && (
        <p id={hintId(htmlFor)} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(htmlFor)} className="text-xs font-medium text-rose-600">
          {error}
        </p>
      )}
    </div>
  );
}

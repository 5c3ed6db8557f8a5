import type { ReactNode } from 'react';

interface SelectOptionsProps<V extends string | number> {
  values: readonly V[];
  /** The option's text; the value itself when not given. */
  label?: (value: V) => ReactNode;
  /** Whether the option cannot be chosen now; none is disabled when not given. */
  disabled?: (value: V) => boolean;
}

/** The `<option>`s of a `<select>`, one per value. */
export function SelectOptions<V extends string | number>({
  values,
  label,
  disabled,
}: SelectOptionsProps<V>) {
  return values.map((value) => (
    <option key={value} value={value} disabled={disabled?.(value)}>
      {label ? label(value) : value}
    </option>
  ));
}

import { OTP_LENGTH } from '@gameon/shared';
import { useRef } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { cx } from '../../../lib/format';

interface OtpInputProps {
  /** One entry per box ('' when empty); always {@link OTP_LENGTH} long. */
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** Focus the first box on mount. */
  autoFocus?: boolean;
  describedBy?: string;
}

/** An empty code: {@link OTP_LENGTH} empty boxes. */
export function emptyOtp(): string[] {
  return Array.from({ length: OTP_LENGTH }, () => '');
}

/**
 * Six single-character boxes for an e-mailed code (spec part 1 §2, §5): typing a digit moves to
 * the next box, Backspace in an empty box moves back, pasting a 6-digit code fills every box.
 */
export function OtpInput({
  digits,
  onChange,
  disabled = false,
  invalid = false,
  autoFocus = false,
  describedBy,
}: OtpInputProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  const focusBox = (index: number) => {
    const box = inputs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const fillFrom = (start: number, code: string) => {
    const next = [...digits];
    const chars = code.slice(0, OTP_LENGTH - start).split('');
    chars.forEach((char, offset) => {
      next[start + offset] = char;
    });
    onChange(next);
    focusBox(start + chars.length - (start + chars.length >= OTP_LENGTH ? 1 : 0));
  };

  const setDigit = (index: number, raw: string) => {
    let onlyDigits = raw.replace(/\D/g, '');
    const previous = digits[index] ?? '';
    if (onlyDigits.length === 2 && previous !== '' && onlyDigits.includes(previous)) {
      // A digit typed into a filled box: keep the new one.
      onlyDigits = onlyDigits.startsWith(previous) ? onlyDigits.slice(1) : onlyDigits.slice(0, 1);
    } else if (onlyDigits.length > 1) {
      fillFrom(index, onlyDigits);
      return;
    }
    const next = [...digits];
    next[index] = onlyDigits;
    onChange(next);
    if (onlyDigits !== '' && index < OTP_LENGTH - 1) focusBox(index + 1);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    if (pasted === '') return;
    event.preventDefault();
    fillFrom(pasted.length >= OTP_LENGTH ? 0 : index, pasted);
  };

  return (
    <div
      className="mx-auto grid max-w-[22rem] grid-cols-6 gap-1.5 sm:gap-2.5"
      role="group"
      aria-label="Verification code"
    >
      {digits.map((digit, index) => (
        <input
          // The boxes are fixed positions, so the index is their identity.
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          value={digit}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          aria-label={`Digit ${index + 1}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => setDigit(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.target.select()}
          className={cx(
            'h-12 w-full min-w-0 rounded-xl border bg-white text-center text-xl font-bold text-slate-900 shadow-xs sm:h-14',
            'focus:outline-none focus-visible:ring-2 disabled:bg-slate-100 disabled:text-slate-500',
            invalid
              ? 'border-rose-400 focus-visible:ring-rose-200'
              : 'border-slate-300 focus-visible:border-emerald-500 focus-visible:ring-emerald-200',
          )}
        />
      ))}
    </div>
  );
}

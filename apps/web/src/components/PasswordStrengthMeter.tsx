import { cx } from '../lib/format';
import { passwordStrength } from '../lib/password-strength';
import type { PasswordStrength } from '../lib/password-strength';

const levels: Record<PasswordStrength, { bars: number; bar: string; text: string }> = {
  'Too short': { bars: 1, bar: 'bg-rose-500', text: 'text-rose-600' },
  Fair: { bars: 2, bar: 'bg-amber-500', text: 'text-amber-700' },
  Good: { bars: 3, bar: 'bg-sky-500', text: 'text-sky-700' },
  Strong: { bars: 4, bar: 'bg-emerald-500', text: 'text-emerald-700' },
};

/** Four bars and a word for the password's strength (spec part 1 §5); nothing when empty. */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const strength = passwordStrength(password);
  if (strength === null) return null;
  const level = levels[strength];
  return (
    <div id={id} className="space-y-1" aria-live="polite">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cx(
              'h-1.5 flex-1 rounded-full',
              bar <= level.bars ? level.bar : 'bg-slate-200',
            )}
          />
        ))}
      </div>
      <p className="text-xs text-slate-500">
        Strength: <span className={cx('font-semibold', level.text)}>{strength}</span>
        {strength !== 'Strong' && (
          <span> · 8+ characters with upper and lower case letters and a number is strongest</span>
        )}
      </p>
    </div>
  );
}

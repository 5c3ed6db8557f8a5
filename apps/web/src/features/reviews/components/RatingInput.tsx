import type { Ref } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { errorId } from '../../../components/FormField';
import { STAR_VALUES, StarIcon } from '../../../components/RatingStars';
import { cx } from '../../../lib/format';

interface RatingInputProps {
  /** Id of the group; its error text gets `errorId(id)`. */
  id: string;
  /** The chosen number of stars, null before one is chosen. */
  value: number | null;
  onChange: (rating: number) => void;
  onBlur: () => void;
  error?: string;
  /** Ref of the first star's radio button, focused when the rating is missing. */
  inputRef: Ref<HTMLInputElement>;
}

/**
 * The rating of a review (spec part 2 §5): a radio group named "Rating" of five stars, "1 star"
 * to "5 stars" (React Aria Components): Tab enters the group, arrow keys move and choose, and
 * the stars up to the chosen one are filled.
 */
export function RatingInput({ id, value, onChange, onBlur, error, inputRef }: RatingInputProps) {
  return (
    <RadioGroup
      id={id}
      value={value === null ? null : String(value)}
      onChange={(chosen) => onChange(Number(chosen))}
      onBlur={onBlur}
      orientation="horizontal"
      isInvalid={error !== undefined}
      validationBehavior="aria"
      aria-describedby={error === undefined ? undefined : errorId(id)}
      className="space-y-1.5"
    >
      <Label className="text-sm font-medium text-slate-700">Rating</Label>
      <div className="flex gap-1">
        {STAR_VALUES.map((star) => (
          <Radio
            key={star}
            value={String(star)}
            inputRef={star === 1 ? inputRef : undefined}
            className={({ isFocusVisible }) =>
              cx(
                'cursor-pointer rounded-lg p-1 transition-transform hover:scale-110',
                isFocusVisible && 'outline-2 outline-offset-1 outline-emerald-600',
              )
            }
          >
            <StarIcon filled={value !== null && star <= value} className="size-8" />
            <span className="sr-only">{star === 1 ? '1 star' : `${star} stars`}</span>
          </Radio>
        ))}
      </div>
      {error !== undefined && (
        <p id={errorId(id)} className="text-xs font-medium text-rose-600">
          {error}
        </p>
      )}
    </RadioGroup>
  );
}

import { REVIEW_CATEGORIES } from '@gameon/shared';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { cx } from '../../../lib/format';
import { reviewCategoryLabels } from '../../../lib/reviews';
import type { CategoryFilter as Filter } from '../api';

/** The filter's choices: All, then the six categories (spec part 2 §9). */
const CHOICES: readonly Filter[] = ['all', ...REVIEW_CATEGORIES];

/**
 * The reviews list's category filter (spec part 2 §2 "Reviews", §9): a radio group named
 * "Category" of All and the six categories; arrow keys move and choose.
 */
export function CategoryFilter({
  value,
  onChange,
}: {
  value: Filter;
  onChange: (category: Filter) => void;
}) {
  return (
    <RadioGroup
      value={value}
      onChange={(chosen) => {
        const category = CHOICES.find((choice) => choice === chosen);
        if (category !== undefined) onChange(category);
      }}
      className="space-y-2"
    >
      <Label className="text-sm font-medium text-slate-700">Category</Label>
      <div className="flex flex-wrap gap-1.5 min-[601px]:flex-col">
        {CHOICES.map((choice) => (
          <Radio
            key={choice}
            value={choice}
            className={({ isSelected, isFocusVisible }) =>
              cx(
                'cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium transition-colors',
                isFocusVisible && 'outline-2 outline-offset-1 outline-emerald-600',
                isSelected
                  ? 'bg-emerald-700 text-white'
                  : 'text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50 min-[601px]:ring-0',
              )
            }
          >
            {choice === 'all' ? 'All' : reviewCategoryLabels[choice]}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

import { LIST_ITEM_MAX, LIST_MAX_ITEMS } from '@gameon/shared';
import { Hash, X } from 'lucide-react';
import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { hintId, inputClasses } from './FormField';

interface TagInputProps {
  /** Id of the text box (the caller renders the visible label). */
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
}

/** A tag as stored: trimmed, without a leading '#'. */
function cleanTag(raw: string): string {
  return raw.trim().replace(/^#+/, '').slice(0, LIST_ITEM_MAX);
}

/**
 * Tags as removable chips (spec part 2 §5): a tag is added with the space key (or Enter or a
 * comma) and on blur, trimmed; duplicates are ignored; Backspace in an empty box removes the
 * last one.
 */
export function TagInput({ id, tags, onChange }: TagInputProps) {
  const [text, setText] = useState('');
  const full = tags.length >= LIST_MAX_ITEMS;

  const add = (candidates: string[]) => {
    const next = [...tags];
    for (const candidate of candidates) {
      const tag = cleanTag(candidate);
      if (tag === '' || next.length >= LIST_MAX_ITEMS) continue;
      if (next.some((existing) => existing.toLowerCase() === tag.toLowerCase())) continue;
      next.push(tag);
    }
    if (next.length !== tags.length) onChange(next);
  };

  const handleChange = (value: string) => {
    // Space or comma ends a tag; works for virtual keyboards that send no key events too.
    if (/[\s,]/.test(value)) {
      const parts = value.split(/[\s,]+/);
      const rest = parts.pop() ?? '';
      add(parts);
      setText(rest);
    } else setText(value);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add([text]);
      setText('');
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <div>
      <div className="flex min-h-11 flex-wrap items-center gap-1.5 rounded-lg border border-slate-300 bg-white p-1.5 shadow-xs focus-within:border-emerald-500 focus-within:ring-2 focus-within:ring-emerald-200">
        {tags.map((tag) => (
          <span
            key={tag}
            className="inline-flex items-center gap-1 rounded-md bg-emerald-50 py-1 pr-1 pl-2 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200"
          >
            <Hash aria-hidden="true" className="size-3" />
            {tag}
            <button
              type="button"
              aria-label={`Remove tag ${tag}`}
              onClick={() => onChange(tags.filter((existing) => existing !== tag))}
              className="grid size-5 place-items-center rounded text-emerald-700 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-emerald-600"
            >
              <X aria-hidden="true" className="size-3" />
            </button>
          </span>
        ))}
        <input
          id={id}
          value={text}
          disabled={full}
          onChange={(event) => handleChange(event.target.value)}
          onKeyDown={handleKeyDown}
          onBlur={() => {
            add([text]);
            setText('');
          }}
          aria-describedby={hintId(id)}
          placeholder={tags.length === 0 ? 'e.g. weekend beginner turf' : ''}
          className={inputClasses(
            false,
            'min-w-32 flex-1 border-0 px-1.5 py-1 shadow-none focus-visible:ring-0',
          )}
        />
      </div>
    </div>
  );
}

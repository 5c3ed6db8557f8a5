/**
 * Indian phone numbers as members type or paste them (BEYOND-THE-SPEC "Phone inputs"): the
 * spec's "digits only, exactly 10" stays the rule (spec part 2 §5), but spaces and other
 * separators, a leading `+91` and a leading trunk `0` are cleaned away rather than refused.
 */

/** The digits of a stored phone number (spec part 2 §5). */
export const PHONE_DIGITS = 10;

/**
 * `text` without separators (spaces, `-`, `.`, parentheses), a leading `+91` and the leading
 * trunk zeros after it: '+91 98765 43210', '098765-43210' and '98765 43210' all give
 * '9876543210'. Anything else is left for the 10-digit rule to refuse ('+44 7911…' stays).
 */
export function cleanPhoneNumber(text: string): string {
  return text
    .replace(/[\s\-.()]/g, '')
    .replace(/^\+91/, '')
    .replace(/^0+/, '');
}

/**
 * What a phone box keeps of its text after each keystroke or paste: the cleaned digits, at most
 * {@link PHONE_DIGITS}. A `+` or `+9` being typed stays as it is, so that typing '+91 98765
 * 43210' key by key ends as '9876543210' (the `+91` goes once it is complete).
 */
export function phoneInputValue(text: string): string {
  const compact = text.replace(/[^\d+]/g, '');
  if (compact === '+' || compact === '+9') return compact;
  return cleanPhoneNumber(compact).replace(/\D/g, '').slice(0, PHONE_DIGITS);
}

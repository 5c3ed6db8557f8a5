import { describe, expect, it } from 'vitest';
import { editPostBodySchema } from './posts.js';

const messages = (body: unknown) => {
  const parsed = editPostBodySchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('editPostBodySchema', () => {
  it('takes any of the editable fields', () => {
    expect(editPostBodySchema.parse({ heading: ' Later ' })).toEqual({ heading: 'Later' });
    expect(
      editPostBodySchema.parse({ eventTime: '2099-01-01T10:00:00.000Z', playersNeeded: 6 }),
    ).toEqual({ eventTime: '2099-01-01T10:00:00.000Z', playersNeeded: 6 });
  });

  it('refuses the sport, an empty edit, unknown keys and a place without its name', () => {
    expect(messages({ sport: 'Cricket' })).toContain('The sport of a game cannot be changed');
    expect(messages({})).toContain('Nothing to change');
    expect(messages({ heading: 'x', author_id: 3 })).not.toEqual([]);
    expect(messages({ location: { type: 'Point', coordinates: [77.6, 12.9] } })).toContain(
      'Location and location name go together',
    );
    expect(messages({ playersNeeded: 0 })).toContain('Please enter a number between 1 and 20');
  });
});

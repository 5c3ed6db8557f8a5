import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TagInput } from './TagInput';

function Harness({ initial = [] }: { initial?: string[] }) {
  const [tags, setTags] = useState(initial);
  return (
    <>
      <label htmlFor="tags">Tags</label>
      <TagInput id="tags" tags={tags} onChange={setTags} />
      <output data-testid="tags">{tags.join('|')}</output>
    </>
  );
}

describe('TagInput (spec part 2 §5)', () => {
  it('adds a tag when space is pressed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Tags'), 'turf ');
    expect(screen.getByTestId('tags')).toHaveTextContent('turf');
    expect(screen.getByLabelText('Tags')).toHaveValue('');
  });

  it('ignores duplicates', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Tags'), 'turf evening turf ');
    expect(screen.getByTestId('tags').textContent).toBe('turf|evening');
  });

  it('adds the typed tag on blur, trimmed and without a leading #', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Tags'), '#beginner');
    await user.tab();
    expect(screen.getByTestId('tags').textContent).toBe('beginner');
  });

  it('removes a tag with its chip button', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['turf', 'evening']} />);
    await user.click(screen.getByRole('button', { name: 'Remove tag turf' }));
    expect(screen.getByTestId('tags').textContent).toBe('evening');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FilterPanel } from './FilterPanel';

describe('FilterPanel ("Show results")', () => {
  afterEach(() => {
    // Not in jsdom: remove the recorder set below.
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('closes the open panel from Show results, with focus on the toggle scrolled into view', async () => {
    // jsdom does not lay out or scroll; the browser's scrollIntoView is recorded instead.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const user = userEvent.setup();
    render(
      <FilterPanel id="test-filters" activeCount={1}>
        <label>
          Sport <input />
        </label>
      </FilterPanel>,
    );
    const toggle = screen.getByRole('button', { name: /^Filters/ });
    expect(toggle).toHaveTextContent('1');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('button', { name: 'Show results' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(scrolled).toEqual([toggle]);
  });
});

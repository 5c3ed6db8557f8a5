import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SearchCombobox } from './SearchCombobox';

const cities = ['Bengaluru', 'Belagavi', 'Bellary'];

/** The box on a page with a link before it and a button after it, as in the create-post form. */
function Harness() {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState('');
  const items = cities.filter((city) => city.toLowerCase().startsWith(text.toLowerCase()));
  return (
    <>
      <a href="/about">About</a>
      <label htmlFor="city">City</label>
      <SearchCombobox
        id="city"
        label="City"
        items={items}
        itemKey={(city) => city}
        itemText={(city) => city}
        renderItem={(city) => city}
        listLabel="Suggested cities"
        text={text}
        onTextChange={setText}
        onPick={(city) => {
          setText(city);
          setPicked(city);
        }}
        listOpen={text.length >= 3 && text !== picked}
        status={items.length === 0 ? { text: 'No cities found' } : null}
      />
      <button type="button">Create</button>
      <p data-testid="picked">{picked}</p>
    </>
  );
}

describe('SearchCombobox', () => {
  it('leaves the rest of the page to screen readers while the suggestions are open', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByRole('combobox', { name: 'City' }), 'bel');
    expect(screen.getByRole('listbox', { name: 'Suggested cities' })).toBeVisible();
    // Queries by role skip what is hidden from screen readers (aria-hidden).
    expect(screen.getByRole('link', { name: 'About' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
    expect(
      document.querySelectorAll('[aria-hidden="true"] a, [aria-hidden="true"] button'),
    ).toHaveLength(0);
  });

  it('picks the active option with Enter and closes the list', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'City' });
    await user.type(box, 'bel{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Bellary' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('picked')).toHaveTextContent('Bellary');
    expect(box).toHaveValue('Bellary');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape keeping the typed text, and reopens on typing', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'City' });
    await user.type(box, 'bel{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveValue('bel');
    expect(screen.getByTestId('picked')).toHaveTextContent('');
    await user.type(box, 'l');
    expect(screen.getByRole('option', { name: 'Bellary' })).toBeVisible();
  });

  it('takes the active option on Tab', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'City' });
    await user.type(box, 'ben{ArrowDown}');
    await user.tab();
    expect(screen.getByTestId('picked')).toHaveTextContent('Bengaluru');
    expect(screen.getByRole('button', { name: 'Create' })).toHaveFocus();
  });

  it('closes without picking on a click elsewhere', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'City' });
    await user.type(box, 'ben{ArrowDown}');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByTestId('picked')).toHaveTextContent('');
    expect(box).toHaveValue('ben');
  });

  it('says so in the list’s place when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByRole('combobox', { name: 'City' }), 'pune');
    expect(screen.getByRole('status')).toHaveTextContent('No cities found');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });
});

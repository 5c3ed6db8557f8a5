import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

describe('PasswordStrengthMeter', () => {
  it('shows nothing for an empty password', () => {
    const { container } = render(<PasswordStrengthMeter password="" />);
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    ['abc', 'Too short'],
    ['abcdef', 'Fair'],
    ['abcdefgh', 'Good'],
    ['Abcdefg1', 'Strong'],
  ])('rates %j as %s', (password, label) => {
    render(<PasswordStrengthMeter password={password} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });
});

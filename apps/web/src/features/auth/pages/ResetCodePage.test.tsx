import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LocationProbe, jsonResponse, mockFetch, renderWithProviders } from '../../../test/utils';
import { ResetCodePage } from './ResetCodePage';

const EMAIL = 'priya@example.com';

function renderPage(state: unknown = { email: EMAIL, type: 'reset' }) {
  renderWithProviders(<ResetCodePage />, {
    route: { pathname: '/reset-password-otp', state },
    path: '/reset-password-otp',
    extraRoutes: (
      <>
        <Route path="/forgot-password" element={<LocationProbe />} />
        <Route path="/new-password" element={<LocationProbe />} />
      </>
    ),
  });
}

function boxes(): HTMLInputElement[] {
  return [1, 2, 3, 4, 5, 6].map((n) => screen.getByLabelText<HTMLInputElement>(`Digit ${n}`));
}

const verifyButton = () => screen.getByRole('button', { name: 'Verify Code' });
const resendButton = () => screen.queryByRole('button', { name: 'Resend code' });

function pasteCode(code: string) {
  // jsdom has no clipboard; a whole code typed into the first box fills every box the same way.
  fireEvent.change(boxes()[0]!, { target: { value: code } });
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('ResetCodePage (spec part 1 §2, §4, §5, §8, §9)', () => {
  it.each([
    ['no state', null],
    ['a state without the email', { type: 'reset' }],
  ])('sends a visitor with %s back to /forgot-password', (_, state) => {
    renderPage(state);
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password|null');
  });

  it('shows six single-character boxes that paste a whole code', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(boxes()[0]).toHaveFocus();
    await user.paste('123456');
    expect(boxes().map((box) => box.value)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it("asks for 'the complete 6-digit code' before verifying", async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => jsonResponse({}));
    renderPage();
    await user.type(boxes()[0]!, '123');
    await user.click(verifyButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the complete 6-digit code');
    expect(calls).toHaveLength(0);
  });

  it('opens /new-password with the email and reset token once the code is accepted', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => jsonResponse({ success: true, resetToken: 'rt-123' }));
    renderPage();
    pasteCode('654321');
    await user.click(verifyButton());
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/new-password|{"email":"priya@example.com","resetToken":"rt-123"}',
    );
    expect(calls[0]?.url.pathname).toBe('/api/auth/verify-reset-otp');
    expect(calls[0]?.body).toEqual({ email: EMAIL, otp: '654321' });
  });

  it("clears and refocuses the boxes after a wrong code, with the server's message", async () => {
    const user = userEvent.setup();
    mockFetch(() =>
      jsonResponse({ success: false, message: 'Invalid code. 4 attempts left.' }, { status: 400 }),
    );
    renderPage();
    pasteCode('111111');
    await user.click(verifyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code. 4 attempts left.');
    expect(boxes().every((box) => box.value === '')).toBe(true);
    expect(boxes()[0]).toHaveFocus();
  });

  it("falls back to 'Invalid verification code. Please try again.'", async () => {
    const user = userEvent.setup();
    mockFetch(() => jsonResponse({ success: false }, { status: 400 }));
    renderPage();
    pasteCode('111111');
    await user.click(verifyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid verification code. Please try again.',
    );
  });

  it("shows the server's message when verifying is rate limited", async () => {
    const user = userEvent.setup();
    mockFetch(() =>
      jsonResponse({ success: false, message: 'Too many requests.' }, { status: 429 }),
    );
    renderPage();
    pasteCode('111111');
    await user.click(verifyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
  });

  it('locks resending for 60 s with a countdown, then offers Resend code', () => {
    vi.useFakeTimers();
    renderPage();
    expect(screen.getByText('01:00')).toBeInTheDocument();
    expect(resendButton()).not.toBeInTheDocument();
    advance(1000);
    expect(screen.getByText('00:59')).toBeInTheDocument();
    advance(58_000);
    expect(screen.getByText('00:01')).toBeInTheDocument();
    expect(resendButton()).not.toBeInTheDocument();
    advance(1000);
    expect(resendButton()).toBeInTheDocument();
  });

  it('resends through forgot-password, clears the boxes and restarts the 60 s lockout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockFetch(() =>
      jsonResponse({
        success: true,
        message: 'If an account exists for this email, a reset code has been sent.',
      }),
    );
    renderPage();
    fireEvent.change(boxes()[0]!, { target: { value: '7' } });
    advance(60_000);
    fireEvent.click(resendButton()!);

    expect(await screen.findByText('01:00')).toBeInTheDocument();
    expect(resendButton()).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`We sent a new code to ${EMAIL}.`);
    expect(boxes().every((box) => box.value === '')).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.pathname).toBe('/api/auth/forgot-password');
    expect(calls[0]?.body).toEqual({ email: EMAIL });

    advance(60_000);
    expect(resendButton()).toBeInTheDocument();
  });

  it("shows 'Failed to resend code. Please try again.' when resending fails", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch(() => jsonResponse({ success: false, message: 'Mail is down' }, { status: 500 }));
    renderPage();
    advance(60_000);
    fireEvent.click(resendButton()!);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to resend code. Please try again.',
    );
    expect(resendButton()).toBeInTheDocument();
  });

  it("shows the server's message when resending is rate limited", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch(() =>
      jsonResponse(
        { success: false, message: 'Too many reset requests. Try again later.' },
        { status: 429 },
      ),
    );
    renderPage();
    advance(60_000);
    fireEvent.click(resendButton()!);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many reset requests. Try again later.',
    );
  });
});

import { TOKEN_STORAGE_KEY } from '@gameon/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  LocationProbe,
  jsonResponse,
  mockFetch,
  renderWithProviders,
  testUser,
} from '../../../test/utils';
import { AuthProvider } from '../../../lib/session';
import { VerifyCodeStep } from './VerifyCodeStep';

function boxes(): HTMLInputElement[] {
  return [1, 2, 3, 4, 5, 6].map((n) => screen.getByLabelText<HTMLInputElement>(`Digit ${n}`));
}

function renderStep(onChangeEmail = vi.fn()) {
  renderWithProviders(
    <AuthProvider>
      <VerifyCodeStep email="priya@example.com" onChangeEmail={onChangeEmail} />
    </AuthProvider>,
    {
      route: '/register',
      path: '/register',
      extraRoutes: <Route path="/" element={<LocationProbe />} />,
    },
  );
  return { onChangeEmail };
}

async function submitCode(user: ReturnType<typeof userEvent.setup>, code = '654321') {
  boxes()[0]!.focus();
  await user.paste(code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('VerifyCodeStep code boxes', () => {
  it('moves to the next box after a digit and back on Backspace in an empty box', async () => {
    const user = userEvent.setup();
    renderStep();
    const [first, second] = boxes();
    await user.type(first!, '4');
    expect(first).toHaveValue('4');
    expect(second).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(first).toHaveFocus();
  });

  it('ignores characters that are not digits', async () => {
    const user = userEvent.setup();
    renderStep();
    const [first] = boxes();
    await user.type(first!, 'a');
    expect(first).toHaveValue('');
  });

  it('fills every box when a 6-digit code is pasted', async () => {
    const user = userEvent.setup();
    renderStep();
    boxes()[0]!.focus();
    await user.paste('123456');
    expect(boxes().map((box) => box.value)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('asks for all 6 digits before verifying', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => jsonResponse({}));
    renderStep();
    await user.type(boxes()[0]!, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter all 6 digits');
    expect(calls).toHaveLength(0);
  });

  it('sends the code, signs the new member in and opens /', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() =>
      jsonResponse({ success: true, message: 'Verified', user: testUser, token: 'tok' }),
    );
    renderStep();
    await submitCode(user);
    expect(await screen.findByTestId('location')).toHaveTextContent('/|null');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.pathname).toBe('/api/auth/verify-otp');
    expect(calls[0]?.body).toEqual({ email: 'priya@example.com', otp: '654321' });
  });

  it('says registration could not be completed when the answer carries no session', async () => {
    const user = userEvent.setup();
    mockFetch(() => jsonResponse({ success: true, message: 'Verified' }));
    renderStep();
    await submitCode(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to complete registration. Please try logging in manually.',
    );
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('says auto-login failed when the new session cannot be stored', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Storage is full', 'QuotaExceededError');
    });
    mockFetch(() =>
      jsonResponse({ success: true, message: 'Verified', user: testUser, token: 'tok' }),
    );
    renderStep();
    await submitCode(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration completed but auto-login failed. Please login manually.',
    );
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it("shows the server's message when verification fails, else 'Verification failed'", async () => {
    const user = userEvent.setup();
    let body: unknown = { success: false, message: 'Invalid or expired code' };
    mockFetch(() => jsonResponse(body, { status: 400 }));
    renderStep();
    await submitCode(user, '111111');
    expect(await screen.findByText('Invalid or expired code')).toBeInTheDocument();

    body = {};
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Verification failed')).toBeInTheDocument();
  });

  it('returns to the form with Change Email', async () => {
    const user = userEvent.setup();
    const { onChangeEmail } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Change Email' }));
    expect(onChangeEmail).toHaveBeenCalled();
  });
});

describe('VerifyCodeStep countdown', () => {
  it("counts down from 10:00 and at 0 shows 'Code expired' with Verify disabled", () => {
    vi.useFakeTimers();
    renderStep();
    expect(screen.getByText('10:00')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('09:59')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(599_000);
    });
    expect(screen.getByText('Code expired')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
  });

  it('Resend restarts the countdown at 10:00 and clears the boxes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockFetch(() => jsonResponse({ success: true, message: 'Sent' }));
    renderStep();
    fireEvent.change(boxes()[0]!, { target: { value: '7' } });
    act(() => {
      vi.advanceTimersByTime(600_000);
    });
    expect(screen.getByText('Code expired')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('10:00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
    expect(boxes().every((box) => box.value === '')).toBe(true);
    expect(calls[0]?.url.pathname).toBe('/api/auth/resend-otp');
    expect(calls[0]?.body).toEqual({ email: 'priya@example.com' });
  });

  it("shows 'Failed to resend OTP' when resending fails", async () => {
    mockFetch(() => jsonResponse({ success: false, message: 'Mail is down' }, { status: 500 }));
    renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to resend OTP');
  });

  it("shows the server's message when resending is rate limited", async () => {
    mockFetch(() =>
      jsonResponse(
        { success: false, message: 'Too many codes requested. Try again in 10 minutes.' },
        { status: 429 },
      ),
    );
    renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many codes requested. Try again in 10 minutes.',
    );
  });
});

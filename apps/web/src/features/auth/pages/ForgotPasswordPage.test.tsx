import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LocationProbe, jsonResponse, mockFetch, renderWithProviders } from '../../../test/utils';
import { ForgotPasswordPage } from './ForgotPasswordPage';

const SENT = 'If an account exists for this email, a reset code has been sent.';

function renderPage() {
  renderWithProviders(<ForgotPasswordPage />, {
    route: '/forgot-password',
    path: '/forgot-password',
    extraRoutes: <Route path="/reset-password-otp" element={<LocationProbe />} />,
  });
}

const sendButton = () => screen.getByRole('button', { name: 'Send Reset Code' });

describe('ForgotPasswordPage (spec part 1 §2, §5, §8)', () => {
  it('keeps Send Reset Code disabled while the email is empty', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'p');
    expect(sendButton()).toBeEnabled();
    await user.clear(screen.getByLabelText('Email'));
    expect(sendButton()).toBeDisabled();
  });

  it("says 'Email is required' when the field is left empty", async () => {
    const user = userEvent.setup();
    renderPage();
    const email = screen.getByLabelText('Email');
    await user.click(email);
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    await user.tab();
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(email).toBeInvalid();
    await user.type(email, 'priya@example.com');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
  });

  it('shows the success view for 2 s, then opens the code screen with {email, type: reset}', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockFetch(() => jsonResponse({ success: true, message: SENT }));
    renderPage();
    fireEvent.change(screen.getByLabelText('Email'), {
      target: { value: ' priya@example.com ' },
    });
    fireEvent.click(sendButton());

    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(calls[0]?.url.pathname).toBe('/api/auth/forgot-password');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.body).toEqual({ email: 'priya@example.com' });

    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/reset-password-otp|{"email":"priya@example.com","type":"reset"}',
    );
  });

  it("shows the server's message, else 'Something went wrong. Please try again.'", async () => {
    const user = userEvent.setup();
    let reply = jsonResponse(
      { success: false, message: 'Please enter a valid email address' },
      { status: 400 },
    );
    mockFetch(() => reply);
    renderPage();
    await user.type(screen.getByLabelText('Email'), 'priya@');
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid email address',
    );

    reply = jsonResponse({ success: false }, { status: 500 });
    await user.click(sendButton());
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });

  it("shows the server's message when rate limited", async () => {
    const user = userEvent.setup();
    mockFetch(() =>
      jsonResponse(
        { success: false, message: 'Too many reset requests. Try again later.' },
        { status: 429 },
      ),
    );
    renderPage();
    await user.type(screen.getByLabelText('Email'), 'priya@example.com');
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many reset requests. Try again later.',
    );
  });
});

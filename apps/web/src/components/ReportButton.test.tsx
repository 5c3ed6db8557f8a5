import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderSignedIn, testUser } from '../test/utils';
import { ReportButton } from './ReportButton';

describe('ReportButton', () => {
  it('asks why, sends the report of the review and shows the thank-you message', async () => {
    const calls = mockFetch((call) => {
      if (call.url.pathname === '/api/auth/me') return jsonResponse(testUser);
      if (call.url.pathname === '/api/reviews/40/report')
        return jsonResponse({
          success: true,
          message: 'Thank you. Our team will review this report.',
        });
      return jsonResponse({ message: 'Not found' }, { status: 404 });
    });
    renderSignedIn(<ReportButton path="/reviews/40" subject="Muddy turf" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report Muddy turf' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Reason is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Reason/), '  Made up  ');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(
      await screen.findByText('Thank you. Our team will review this report.'),
    ).toBeInTheDocument();
    const sent = calls.find((c) => c.url.pathname === '/api/reviews/40/report');
    expect(sent).toMatchObject({ method: 'POST', body: { reason: 'Made up' } });
  });
});

import type { AdminReport } from '@gameon/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderSignedIn, testUser } from '../../../test/utils';
import type { FetchCall } from '../../../test/utils';
import { viewerIn } from '../../../test/time-zone';
import { AdminPage } from './AdminPage';

const now = new Date(Date.now() - 5 * 60 * 1000).toISOString();

function openReport(id: number, overrides: Partial<AdminReport> = {}): AdminReport {
  return {
    id,
    reporter: { id: 2, username: 'asha' },
    target_type: 'member',
    target_id: 9,
    label: 'spammer',
    member: { id: 9, username: 'spammer', suspended: false, operator: false },
    reason: 'Sends spam invites',
    snapshot: null,
    status: 'open',
    created_at: now,
    ...overrides,
  };
}

let operator: boolean;
let reports: AdminReport[];
let calls: FetchCall[];

beforeEach(() => {
  operator = true;
  reports = [
    openReport(3),
    openReport(2, {
      target_type: 'review',
      target_id: 40,
      label: 'Muddy turf',
      reason: 'Made up',
      member: { id: 5, username: 'ravi', suspended: false, operator: false },
    }),
  ];
  calls = mockFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/auth/me') return jsonResponse({ ...testUser, is_operator: operator });
    if (path === '/api/admin/reports') return jsonResponse(reports);
    const dismissed = /^\/api\/admin\/reports\/(\d+)\/dismiss$/.exec(path);
    if (dismissed) {
      reports = reports.filter((r) => r.id !== Number(dismissed[1]));
      return jsonResponse({ success: true, message: 'Report dismissed' });
    }
    const suspended = /^\/api\/admin\/users\/(\d+)\/suspend$/.exec(path);
    if (suspended) {
      reports = reports.filter((r) => r.member?.id !== Number(suspended[1]));
      return jsonResponse({ success: true, message: 'Member suspended' });
    }
    return jsonResponse({ message: 'Not found' }, { status: 404 });
  });
});

const items = async () =>
  within(await screen.findByRole('list', { name: 'Open reports' })).getAllByRole('listitem');

describe('AdminPage', () => {
  it('lists open reports: who, what with a link, why, when', async () => {
    renderSignedIn(<AdminPage />);
    const [member, review] = await items();
    expect(member).toHaveTextContent('asha reported member spammer');
    expect(within(member!).getByRole('link', { name: 'spammer' })).toHaveAttribute(
      'href',
      '/profile/9',
    );
    expect(member).toHaveTextContent('Sends spam invites');
    expect(member).toHaveTextContent('5 minutes ago');
    expect(review).toHaveTextContent('asha reported review Muddy turf by ravi');
    expect(review).toHaveTextContent('Made up');
  });

  it('shows what was reported as it read then, though its author deleted it since', async () => {
    viewerIn('Asia/Kolkata');
    reports = [
      openReport(5, {
        target_type: 'review',
        target_id: 41,
        label: null,
        member: { id: 5, username: 'ravi', suspended: false, operator: false },
        snapshot: {
          type: 'review',
          category: 'venue',
          rating: 1,
          title: 'Worst turf ever',
          content: 'The owner cheats.',
        },
      }),
      openReport(6, {
        target_type: 'event',
        target_id: 42,
        label: 'Renamed cup',
        snapshot: {
          type: 'event',
          title: 'Monsoon Cup',
          description: 'Prize money guaranteed',
          sport: 'Football',
          location_name: 'Bengaluru',
          event_date: '2099-11-28T13:30:00.000Z',
        },
      }),
      openReport(7, {
        snapshot: {
          type: 'member',
          username: 'spammer',
          bio: 'Buy followers here',
          sports: ['Cricket'],
          tags: [],
        },
      }),
    ];
    renderSignedIn(<AdminPage />);
    const [review, event, member] = await items();
    expect(review).toHaveTextContent('reported review Review (deleted) by ravi');
    expect(within(review!).getByRole('figure')).toHaveTextContent(
      'As reportedWorst turf ever (1/5, venue)The owner cheats.',
    );
    expect(within(event!).getByRole('figure')).toHaveTextContent(
      'Monsoon CupFootball, Bengaluru, Sat, 28 Nov, 2099, 7:00 pmPrize money guaranteed',
    );
    expect(within(member!).getByRole('figure')).toHaveTextContent(
      'spammerBuy followers hereSports: Cricket',
    );
  });

  it('dismisses a report and shows the list without it', async () => {
    renderSignedIn(<AdminPage />);
    const [first] = await items();
    await userEvent.click(within(first!).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Report dismissed')).toBeInTheDocument();
    await waitFor(async () => expect(await items()).toHaveLength(1));
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/3/dismiss'))).toBe(
      true,
    );
  });

  it('suspends only after the confirm dialog', async () => {
    renderSignedIn(<AdminPage />);
    const [first] = await items();
    await userEvent.click(within(first!).getByRole('button', { name: 'Suspend spammer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend member' });
    expect(calls.some((c) => c.url.pathname.includes('/suspend'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Member suspended')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/admin/users/9/suspend')).toBe(true);
    await waitFor(async () => expect(await items()).toHaveLength(1));
  });

  it('offers no suspension of an operator', async () => {
    reports = [
      openReport(4, { member: { id: 7, username: 'ops', suspended: false, operator: true } }),
    ];
    renderSignedIn(<AdminPage />);
    const [item] = await items();
    expect(item).toHaveTextContent('Operator: cannot be suspended');
    expect(within(item!).queryByRole('button', { name: /Suspend/ })).toBeNull();
    expect(within(item!).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });

  it('shows members who are not operators "Not found" and asks for no reports', async () => {
    operator = false;
    renderSignedIn(<AdminPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/admin/reports')).toBe(false);
  });
});

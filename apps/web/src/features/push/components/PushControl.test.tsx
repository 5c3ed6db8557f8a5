import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderSignedIn, testUser } from '../../../test/utils';
import { SUBSCRIBE_TIMEOUT_MS, turnOnPush } from '../push';
import { PUSH_UNAVAILABLE, PushControl } from './PushControl';

/** The server's key in the tests: 65 bytes (an uncompressed P-256 point), base64url. */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const PUBLIC_KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

const SUBSCRIPTION_JSON = {
  endpoint: 'https://push.example.test/send/abc',
  expirationTime: null,
  keys: { p256dh: 'BPub', auth: 'secret' },
};

interface BrowserOptions {
  /** Notification permission before the prompt. */
  permission?: NotificationPermission;
  /** What the member answers at the permission prompt. */
  answer?: NotificationPermission;
  /** What `pushManager.subscribe` does: subscribe, refuse, or never answer. */
  subscribe?: 'ok' | 'refuse' | 'hang';
  /** The browser has a subscription already. */
  subscribed?: boolean;
}

/**
 * A browser's push parts (they are the browser's, not GameOn's): a service worker registration
 * with a push manager, and the Notification permission, as Chromium behaves.
 */
function fakeBrowser(options: BrowserOptions = {}) {
  const unsubscribed: string[] = [];
  const subscription = {
    endpoint: SUBSCRIPTION_JSON.endpoint,
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vi.fn(() => {
      unsubscribed.push(SUBSCRIPTION_JSON.endpoint);
      current = null;
      return Promise.resolve(true);
    }),
  };
  let current: typeof subscription | null = options.subscribed ? subscription : null;
  const subscribe = vi.fn((_options: PushSubscriptionOptionsInit) => {
    if (options.subscribe === 'refuse') {
      return Promise.reject(
        new DOMException('Registration failed - push service error', 'AbortError'),
      );
    }
    if (options.subscribe === 'hang') return new Promise<never>(() => undefined);
    current = subscription;
    return Promise.resolve(subscription);
  });
  const registration = {
    pushManager: { getSubscription: () => Promise.resolve(current), subscribe },
    unregister: () => Promise.resolve(true),
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: vi.fn(() => Promise.resolve(registration)),
      ready: Promise.resolve(registration),
      getRegistration: () => Promise.resolve(registration),
      controller: null,
    },
  });
  vi.stubGlobal('PushManager', class {});
  const notification = {
    permission: options.permission ?? 'default',
    requestPermission: vi.fn(() => {
      notification.permission = options.answer ?? 'granted';
      return Promise.resolve(notification.permission);
    }),
  };
  vi.stubGlobal('Notification', notification);
  return { subscribe, notification, unsubscribed };
}

/** The server: the VAPID key, and saving or deleting subscriptions (`saveStatus` for POST). */
function fakeServer(saveStatus = 201) {
  return mockFetch(({ url, method }) => {
    if (url.pathname === '/api/auth/me') return jsonResponse(testUser);
    if (url.pathname === '/api/push/vapid-public-key')
      return jsonResponse({ publicKey: PUBLIC_KEY });
    if (url.pathname === '/api/push/subscriptions' && method === 'POST') {
      return jsonResponse({ success: saveStatus < 300 }, { status: saveStatus });
    }
    if (url.pathname === '/api/push/subscriptions' && method === 'DELETE') {
      return jsonResponse({ success: true });
    }
    return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
  });
}

function renderControl() {
  renderSignedIn(<PushControl />);
  return userEvent.setup();
}

afterEach(() => {
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
});

describe('PushControl (push notifications on this device)', () => {
  it('turns push on only from a click: asks permission, subscribes with the server key and saves the subscription; turns it off again', async () => {
    const browser = fakeBrowser();
    const calls = fakeServer();
    const user = renderControl();

    await screen.findByText('Push notifications are off for this device.');
    // Nothing is asked on page load.
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Push notifications are on for this device.',
    );
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    const [subscribeOptions] = browser.subscribe.mock.calls[0] ?? [];
    expect(subscribeOptions?.userVisibleOnly).toBe(true);
    expect(Array.from(subscribeOptions?.applicationServerKey as Uint8Array)).toEqual(
      Array.from(KEY_BYTES),
    );
    const saved = calls.find((call) => call.method === 'POST');
    expect(saved?.url.pathname).toBe('/api/push/subscriptions');
    expect(saved?.body).toEqual(SUBSCRIPTION_JSON);

    await user.click(screen.getByRole('button', { name: 'Turn off push notifications' }));
    await screen.findByText('Push notifications are off for this device.');
    expect(browser.unsubscribed).toEqual([SUBSCRIPTION_JSON.endpoint]);
    const deleted = calls.find((call) => call.method === 'DELETE');
    expect(deleted?.url.pathname).toBe('/api/push/subscriptions');
    expect(deleted?.body).toEqual({ endpoint: SUBSCRIPTION_JSON.endpoint });
  });

  it('shows that push is on when this browser is subscribed', async () => {
    fakeBrowser({ permission: 'granted', subscribed: true });
    fakeServer();
    renderControl();
    expect(await screen.findByText('Push notifications are on for this device.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Turn off push notifications' })).toBeEnabled();
  });

  it('says plainly that push is unavailable when the browser’s push service refuses', async () => {
    fakeBrowser({ subscribe: 'refuse' });
    const calls = fakeServer();
    const user = renderControl();
    await user.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PUSH_UNAVAILABLE);
    expect(screen.getByText('Push notifications are off for this device.')).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says so when the member blocks notifications at the prompt, and offers no button', async () => {
    fakeBrowser({ answer: 'denied' });
    fakeServer();
    const user = renderControl();
    await user.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByText(/Notifications are blocked for GameOn/)).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says notifications are blocked when they were blocked before', async () => {
    fakeBrowser({ permission: 'denied' });
    fakeServer();
    renderControl();
    expect(await screen.findByText(/Notifications are blocked for GameOn/)).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says push is unavailable in a browser without service workers or the Push API', async () => {
    fakeServer();
    renderControl();
    expect(await screen.findByText(PUSH_UNAVAILABLE)).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('undoes the browser’s subscription when the server cannot save it', async () => {
    const browser = fakeBrowser();
    fakeServer(500);
    const user = renderControl();
    await user.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not turn on push notifications. Please try again.',
    );
    expect(browser.unsubscribed).toEqual([SUBSCRIPTION_JSON.endpoint]);
    expect(screen.getByText('Push notifications are off for this device.')).toBeVisible();
  });
});

describe('turnOnPush when the push service never answers', () => {
  it('gives up as unavailable after the time limit', async () => {
    vi.useFakeTimers();
    fakeBrowser({ subscribe: 'hang' });
    fakeServer();
    const turningOn = turnOnPush();
    const failed = expect(turningOn).rejects.toMatchObject({ reason: 'unavailable' });
    await vi.advanceTimersByTimeAsync(SUBSCRIBE_TIMEOUT_MS);
    await failed;
  });
});

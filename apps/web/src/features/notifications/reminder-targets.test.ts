/** Where the reminders before a game and an event lead from the notification list. */
import { describe, expect, it } from 'vitest';
import type { ReceivedNotification } from '@gameon/shared';
import { notificationTarget } from './api';

const notification = (
  type: ReceivedNotification['type'],
  data: ReceivedNotification['data'],
): ReceivedNotification => ({
  id: 1,
  type,
  message: 'Starts in 2 hours: Football at Koramangala Turf',
  created_at: '2026-11-27T10:00:00.000Z',
  is_read: false,
  data,
});

describe('reminder notifications', () => {
  it('lead to the game page (a game reminder) and to the events list (an event reminder)', () => {
    expect(notificationTarget(notification('game_reminder', { post_id: 12 }))).toBe('/posts/12');
    expect(notificationTarget(notification('game_reminder', {}))).toBeNull();
    expect(notificationTarget(notification('event_reminder', { event_id: 4 }))).toBe('/events');
  });
});

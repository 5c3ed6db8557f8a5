import { describe, expect, it } from 'vitest';
import { unreadLabel } from './unread-label';

describe('unreadLabel (WCAG 2.5.3 Label in Name)', () => {
  it('is the name alone with nothing unread', () => {
    expect(unreadLabel('Notifications', 0)).toBe('Notifications');
  });

  it('contains the badge text the button shows', () => {
    expect(unreadLabel('Notifications', 4)).toBe('Notifications, 4 unread');
    expect(unreadLabel('Messages', 99)).toBe('Messages, 99 unread');
    expect(unreadLabel('Messages', 150)).toBe('Messages, 99+ unread');
  });
});

import { badgeText } from '../../lib/format';

/**
 * The accessible name of a header button with an unread badge (WCAG 2.5.3 "Label in
 * Name"): the button's name, then the badge's visible text, so a person who says or sees "4"
 * finds the button. `count` 0 or less answers the name alone; over 99 the badge reads "99+".
 * E.g. unreadLabel('Notifications', 4) is "Notifications, 4 unread".
 */
export function unreadLabel(name: string, count: number): string {
  return count > 0 ? `${name}, ${badgeText(count)} unread` : name;
}

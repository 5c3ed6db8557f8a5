/**
 * What other modules use of notifications besides the service: the pure row builder and
 * presenter for a notification stored in another module's transaction.
 */
export {
  messageNotificationRow,
  notificationRow,
  notificationText,
  presentNotification,
  type MessageNotificationRow,
  type NotificationRow,
} from './rows.js';

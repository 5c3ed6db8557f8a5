/**
 * What other modules use of notifications besides the service: the pure row builder and
 * presenter for a notification stored in another module's transaction, and the condition that
 * keeps a member's `app` switch in that transaction.
 */
export { appChannelOn } from './preferences.repository.js';
export {
  messageNotificationRow,
  presentNotification,
  type MessageNotificationRow,
} from './rows.js';

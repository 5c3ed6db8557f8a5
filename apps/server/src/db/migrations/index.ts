/** Every migration, in order. Static imports so the list is checked by the compiler. */
import type { Migration } from 'kysely';
import * as core from './0001_core.js';
import * as passwordResets from './0002_password_resets.js';
import * as people from './0003_people.js';
import * as postPublicPoint from './0004_post_public_point.js';
import * as notifications from './0005_notifications.js';
import * as directMessages from './0006_direct_messages.js';
import * as oneUnreadMessageNotification from './0007_one_unread_message_notification.js';
import * as games from './0008_games.js';
import * as reviews from './0009_reviews.js';
import * as events from './0010_events.js';
import * as signInAddresses from './0011_sign_in_addresses.js';
import * as sessionExpiry from './0012_session_expiry.js';
import * as reportsAdmin from './0013_reports_admin.js';
import * as postGeocells from './0014_post_geocells.js';
import * as postFinecells from './0015_post_finecells.js';
import * as postGeography from './0016_post_geography.js';
import * as listIndexes from './0017_list_indexes.js';
import * as feedVersions from './0018_feed_versions.js';
import * as feedEpoch from './0019_feed_epoch.js';
import * as homePointChanges from './0020_home_point_changes.js';
import * as serverHeartbeats from './0021_server_heartbeats.js';
import * as reportSnapshots from './0022_report_snapshots.js';
import * as placeCities from './0023_place_cities.js';
import * as hostGame from './0024_host_game.js';
import * as comments from './0025_comments.js';
import * as eventInvitations from './0026_event_invitations.js';
import * as scheduler from './0027_scheduler.js';
import * as pushNotificationSettings from './0028_push_notification_settings.js';
import * as digest from './0029_digest.js';
import * as series from './0030_series.js';
import * as explicitPlaces from './0031_explicit_places.js';
import * as gameCosts from './0032_game_costs.js';
import * as trust from './0033_trust.js';
import * as followCounts from './0034_follow_counts.js';
import * as chatListRows from './0035_chat_list_rows.js';

export const migrations: Record<string, Migration> = {
  '0001_core': core,
  '0002_password_resets': passwordResets,
  '0003_people': people,
  '0004_post_public_point': postPublicPoint,
  '0005_notifications': notifications,
  '0006_direct_messages': directMessages,
  '0007_one_unread_message_notification': oneUnreadMessageNotification,
  '0008_games': games,
  '0009_reviews': reviews,
  '0010_events': events,
  '0011_sign_in_addresses': signInAddresses,
  '0012_session_expiry': sessionExpiry,
  '0013_reports_admin': reportsAdmin,
  '0014_post_geocells': postGeocells,
  '0015_post_finecells': postFinecells,
  '0016_post_geography': postGeography,
  '0017_list_indexes': listIndexes,
  '0018_feed_versions': feedVersions,
  '0019_feed_epoch': feedEpoch,
  '0020_home_point_changes': homePointChanges,
  '0021_server_heartbeats': serverHeartbeats,
  '0022_report_snapshots': reportSnapshots,
  '0023_place_cities': placeCities,
  '0024_host_game': hostGame,
  '0025_comments': comments,
  '0026_event_invitations': eventInvitations,
  '0027_scheduler': scheduler,
  '0028_push_notification_settings': pushNotificationSettings,
  '0029_digest': digest,
  '0030_series': series,
  '0031_explicit_places': explicitPlaces,
  '0032_game_costs': gameCosts,
  '0033_trust': trust,
  '0034_follow_counts': followCounts,
  '0035_chat_list_rows': chatListRows,
};

/**
 * Table types for Kysely. Portable across SQLite and PostgreSQL (ARCHITECTURE.md): timestamps
 * are UTC ISO-8601 text (`2026-11-21T05:00:00.000Z`, which sorts as time), booleans are
 * integers 0/1, lists are child tables, ids are growing integers.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  CountryCode,
  EventSkillLevel,
  ReportStatus,
  ReportTargetType,
  ReviewCategory,
} from '@gameon/shared';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Trimmed and lower-cased, so uniqueness is case-insensitive. */
  email: string;
  password_hash: string;
  bio: string;
  profile_picture_url: string | null;
  created_at: string;
  /** When an operator suspended the member, null when not suspended. */
  suspended_at: string | null;
}

export interface UserListTable {
  user_id: number;
  value: string;
  position: number;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the opaque token, hex. */
  token_hash: string;
  created_at: string;
  /** Last authenticated use, written at most once an hour. */
  last_seen_at: string;
  /** The client's User-Agent header at sign-in, at most 256 characters. */
  user_agent: string | null;
  /** The client's IP address at sign-in. */
  ip: string | null;
}

export interface PendingSignupsTable {
  email: string;
  username: string;
  password_hash: string;
  bio: string;
  /** JSON array text: a pending sign-up is a transient blob, never queried by its lists. */
  sports: string;
  tags: string;
  created_at: string;
}

export type OtpPurpose = 'signup' | 'reset';

export interface OtpCodesTable {
  id: Generated<number>;
  email: string;
  purpose: OtpPurpose;
  /** hex SHA-256 of salt + code. */
  code_hash: string;
  salt: string;
  expires_at: string;
  attempts: number;
  created_at: string;
}

export interface PostsTable {
  id: Generated<number>;
  author_id: number;
  sport: string;
  heading: string;
  description: string;
  location_name: string;
  /** Degrees, WGS 84. */
  lng: number;
  lat: number;
  /** The point others see, by the author's location_sharing: exact, 1 km grid, or null (hidden). */
  public_lng: number | null;
  public_lat: number | null;
  /**
   * The feed's place index cell: lib/geo.ts geocellOf of the public point, -1 for an
   * online game, null for a hidden place. posts.repository keeps it in step with the public point.
   */
  geocell: number | null;
  event_time: string;
  players_needed: number;
  created_at: string;
  /**
   * Goes up when the post's interested members or tags change (migration 0018 triggers), so a
   * cached presentation of them is stale (modules/posts/feed-cache.ts).
   */
  version: Generated<number>;
  /** The calendar entry's SEQUENCE: up by one with every edit (migration 0024). */
  sequence: Generated<number>;
  /** When the game's time or place last changed (UTC ISO), null when never (migration 0024). */
  changed_at: string | null;
  /** The series this game is an occurrence of (migration 0030), null for a single game. */
  series_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The occurrence's recurrence instant (UTC ISO; its RECURRENCE-ID), null outside a series. */
  series_slot: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * While set (UTC ISO, the end of the regulars' claim window), the occurrence is held for its
   * regulars: not in the feed nor in nearby alerts (migration 0030).
   */
  hidden_until: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * Who left a game or was removed from it (migration 0024): one row per game and member, the
 * last departure. `excused` 1 when they left within 24 hours of a change of time or place.
 */
export interface PostDeparturesTable {
  post_id: number;
  user_id: number;
  left_at: string;
  reason: 'left' | 'removed';
  excused: number;
  /** The place they left from (migration 0031; earlier departures `joined`). */
  place: Generated<'joined' | 'waitlisted' | 'offered'>;
}

/** A place index cell's version (migration 0018): goes up when any game of the cell changes. */
export interface FeedCellVersionsTable {
  geocell: number;
  version: number;
}

/** The feed's epoch (migration 0019): one row, on SQLite only. */
export interface FeedEpochTable {
  id: number;
  version: number;
}

export interface PostTagsTable {
  post_id: number;
  tag: string;
  /** lower(tag), for case-insensitive filtering with an index on both dialects. */
  tag_key: string;
  position: number;
}

export interface PostInterestsTable {
  post_id: number;
  user_id: number;
  created_at: string;
  /**
   * Joining order within the post (1, 2, ...; unique per post, given under the post's lock):
   * the waitlist's order (before migration 0031 it also decided who was joined).
   */
  seq: number;
  /**
   * The member's place (migration 0031): joined, waitlisted (in `seq` order), or offered a freed
   * place until `offer_expires_at`. Joined and offered places are taken.
   */
  place: Generated<InterestPlace>;
  /** When an offered place's hold ends (UTC ISO); null unless `place` is `offered`. */
  offer_expires_at: string | null;
}

/** A member's place in a game (migration 0031). */
export type InterestPlace = 'joined' | 'waitlisted' | 'offered';

export interface GroupChatsTable {
  id: Generated<number>;
  post_id: number | null;
  name: string;
  created_at: string;
  /** Set when the game was cancelled: readable, no new messages. */
  cancelled_at: string | null;
}

export interface GroupChatMembersTable {
  group_chat_id: number;
  user_id: number;
  joined_at: string;
  /**
   * Read marker: id of the newest message the member has read. null = never opened, so the
   * chat does not count toward unread totals yet (spec part 1 §4 Messages).
   */
  last_read_message_id: number | null;
  /**
   * When the member left the game (or was removed from it): they still read the chat, up to
   * `last_message_id`, and write nothing. null while they are in it (migration 0024).
   */
  left_at: string | null;
  last_message_id: number | null;
  /** The newest message the member reads, the list's preview pointer (migration 0035). */
  list_message_id: number | null;
  /** The list's sort key: that message's `created_at`, else the chat's (migration 0035). */
  list_at: Generated<string>;
  /** Messages from others after the read marker that the member reads, any sender (0035). */
  unread_count: Generated<number>;
}

export interface GroupMessagesTable {
  id: Generated<number>;
  group_chat_id: number;
  sender_id: number | null;
  content: string;
  created_at: string;
  /** 0/1: a line from GameOn itself, no sender. */
  is_system: Generated<number>;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the reset token, hex. */
  token_hash: string;
  expires_at: string;
  created_at: string;
}

export interface FollowsTable {
  follower_id: number;
  followee_id: number;
  created_at: string;
}

export type ProfileVisibility = 'public' | 'friends_only';
export type LocationSharing = 'exact' | 'general' | 'hidden';
export type Audience = 'public' | 'friends_only' | 'private';
export type MessageRequests = 'anyone' | 'friends_only' | 'none';
export type EventInvitations = 'auto_accept' | 'manual' | 'block';

export interface UserSettingsTable {
  user_id: number;
  /** Exactly 10 digits, or null. */
  phone_number: string | null;
  /** Home city display name and its point (for nearby-post notifications). */
  location_city: string | null;
  location_lng: number | null;
  location_lat: number | null;
  cover_photo_url: string | null;
  profile_visibility: ProfileVisibility;
  location_sharing: LocationSharing;
  /** 0/1. */
  show_online_status: number;
  activity_history_visibility: Audience;
  phone_visibility: Audience;
  message_requests: MessageRequests;
  post_comments: MessageRequests;
  event_invitations: EventInvitations;
  updated_at: string;
}

export interface UserSkillsTable {
  user_id: number;
  sport: string;
  skill_level: 'beginner' | 'intermediate' | 'advanced' | 'expert';
  position: number;
}

export interface AvailabilitySlotsTable {
  id: Generated<number>;
  user_id: number;
  /** 0 = Sunday .. 6 = Saturday. */
  day_of_week: number;
  /** 'HH:MM', 24-hour. */
  start_time: string;
  end_time: string;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: string;
}

/** One report: what is reported, the member it is about, why, and its state. */
export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number | null;
  /** The member the report is about: the member, the review's author, the event's organizer. */
  reported_id: number | null;
  target_type: Generated<ReportTargetType>;
  target_id: number | null;
  reason: string;
  status: Generated<ReportStatus>;
  created_at: string;
  /** When an operator dismissed or acted on it; null while open (migration 0022). */
  resolved_at: string | null;
}

/**
 * What a report was about as it read when filed (migration 0022): `content` is the JSON of the
 * shared `ReportSnapshot`; `member_id` the member it belongs to (goes with their account).
 */
export interface ReportSnapshotsTable {
  report_id: number;
  member_id: number;
  content: string;
}

/** One operator action: 'dismiss_report', 'suspend' or 'unsuspend'. */
export interface AdminActionsTable {
  id: Generated<number>;
  operator_id: number | null;
  action: 'dismiss_report' | 'suspend' | 'unsuspend';
  target_type: ReportTargetType;
  target_id: number;
  report_id: number | null;
  created_at: string;
}

export type NotificationType =
  | 'follow'
  | 'interest'
  | 'nearby_post'
  | 'message'
  | 'game_cancelled'
  | 'waitlist_promoted'
  | 'player_left'
  | 'event_cancelled'
  | 'event_closed'
  | 'game_updated'
  | 'removed_from_game'
  | 'event_invitation'
  | 'comment'
  | 'game_reminder'
  | 'event_reminder'
  | 'no_show_marked'
  | 'no_show_disputed'
  | 'series_claim'
  | 'waitlist_offer'
  | 'waitlist_offer_expired';

/** A member's private calendar feed: the secret of its URL, as SHA-256 hex. */
export interface CalendarFeedsTable {
  user_id: number;
  secret_hash: string;
  created_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: NotificationType;
  message: string;
  /** JSON object text: follower_id, post_id, conversation_id, ... */
  data: string;
  /** 0/1. */
  is_read: number;
  conversation_id: number | null;
  created_at: string;
}

export interface DirectConversationsTable {
  id: Generated<number>;
  /** The pair, smaller id first; null once that member deleted their account. */
  user_a_id: number | null;
  user_b_id: number | null;
  created_at: string;
}

export interface DirectMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number | null;
  recipient_id: number | null;
  content: string;
  /** 0/1. */
  is_read: number;
  created_at: string;
}

/** A community review (spec part 2 §3 Review); its tags are `review_tags` rows. */
export interface ReviewsTable {
  id: Generated<number>;
  author_id: number;
  /** One of REVIEW_CATEGORIES (spec part 2 §9). */
  category: ReviewCategory;
  /** 1-5 stars. */
  rating: number;
  title: string;
  content: string;
  created_at: string;
  /** Set by an edit; null until then. */
  updated_at: string | null;
}

export interface ReviewTagsTable {
  review_id: number;
  tag: string;
  position: number;
}

/** An event (spec part 2 §3 Event). A cancelled event is deleted. */
export interface EventsTable {
  id: Generated<number>;
  organizer_id: number;
  title: string;
  description: string;
  sport: string;
  location_name: string;
  /** Degrees, WGS 84; both null for an online event without a place. */
  lng: number | null;
  lat: number | null;
  /** Start and end, UTC ISO-8601. */
  event_date: string;
  end_date: string;
  /** How many registrations (teams) it takes. */
  max_participants: number;
  skill_level: EventSkillLevel;
  /** 0/1. */
  equipment_provided: number;
  /** Whole rupees: per person, and the prize pool. */
  cost: number;
  prize: number;
  /** Registration closes at this instant (the start when the organizer gave none). */
  registration_deadline: string;
  payment_deadline: string | null;
  created_at: string;
}

export interface EventTagsTable {
  event_id: number;
  tag: string;
  position: number;
}

/** A team registered for an event by a member (spec part 2 §3 Event registration form). */
export interface EventRegistrationsTable {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  /** The team leader's name. */
  name: string;
  /** The account's e-mail at registration, never the form's. */
  email: string;
  /** Exactly 10 digits. */
  phone: string;
  country_code: CountryCode;
  team_name: string | null;
  created_at: string;
}

/** A client address an account signed in from, for the login delay. */
export interface SignInAddressesTable {
  user_id: number;
  ip: string;
  last_signed_in_at: string;
}

/** A move of a member's home point (migration 0020), for the limit on moves. */
export interface HomePointChangesTable {
  id: Generated<number>;
  user_id: number;
  changed_at: string;
  /** 0 for the member's first home point (free), else 1. */
  counted: number;
}

/**
 * A running server process on PostgreSQL (migration 0021, db/heartbeats.ts): `id` a random UUID
 * per process, `beat_at` moved on by the database's clock every few seconds.
 */
export interface ServerHeartbeatsTable {
  id: string;
  host: string;
  pid: number;
  redis: boolean;
  started_at: Generated<Date>;
  beat_at: Generated<Date>;
}

/**
 * Due work of the scheduler (migration 0027, modules/scheduler): unique per `(kind, key)`,
 * `due_at` UTC ISO, `payload` JSON text; claimed with a lease (`locked_by`, `locked_until`).
 */
export interface ScheduledJobsTable {
  id: Generated<number>;
  kind: string;
  key: string;
  due_at: string;
  payload: Generated<string>;
  /** Up by one with every schedule of the row, so a finished run never deletes a newer one. */
  revision: Generated<number>;
  /** Failed runs since it was last scheduled. */
  attempts: Generated<number>;
  locked_by: string | null;
  locked_until: string | null;
  /** The last failed run's error text (never a member's data). */
  last_error: string | null;
  /** Set when the scheduler gave up on it (too many failed runs). */
  failed_at: string | null;
}

/**
 * Who was reminded of a game or an event (migration 0027, modules/reminders), per start time:
 * a member is reminded once per start.
 */
export interface RemindersSentTable {
  subject: 'game' | 'event';
  subject_id: number;
  user_id: number;
  starts_at: string;
}

export interface DB {
  users: UsersTable;
  user_sports: UserListTable;
  user_tags: UserListTable;
  sessions: SessionsTable;
  pending_signups: PendingSignupsTable;
  otp_codes: OtpCodesTable;
  posts: PostsTable;
  feed_cell_versions: FeedCellVersionsTable;
  /** SQLite only (migration 0019). */
  feed_epoch: FeedEpochTable;
  post_tags: PostTagsTable;
  post_interests: PostInterestsTable;
  post_departures: PostDeparturesTable;
  group_chats: GroupChatsTable;
  group_chat_members: GroupChatMembersTable;
  group_messages: GroupMessagesTable;
  password_resets: PasswordResetsTable;
  follows: FollowsTable;
  user_settings: UserSettingsTable;
  user_skills: UserSkillsTable;
  availability_slots: AvailabilitySlotsTable;
  blocks: BlocksTable;
  reports: ReportsTable;
  report_snapshots: ReportSnapshotsTable;
  admin_actions: AdminActionsTable;
  notifications: NotificationsTable;
  direct_conversations: DirectConversationsTable;
  direct_messages: DirectMessagesTable;
  calendar_feeds: CalendarFeedsTable;
  reviews: ReviewsTable;
  review_tags: ReviewTagsTable;
  events: EventsTable;
  event_tags: EventTagsTable;
  event_registrations: EventRegistrationsTable;
  sign_in_addresses: SignInAddressesTable;
  home_point_changes: HomePointChangesTable;
  /** PostgreSQL only (migration 0021). */
  server_heartbeats: ServerHeartbeatsTable;
  event_invitations: EventInvitationsTable;
  comments: CommentsTable;
  notification_preferences: NotificationPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
  vapid_keys: VapidKeysTable;
  push_throttles: PushThrottlesTable;
  scheduled_jobs: ScheduledJobsTable;
  reminders_sent: RemindersSentTable;
  digest_tokens: DigestTokensTable;
  digest_sends: DigestSendsTable;
  upi_ids: UpiIdsTable;
  game_costs: GameCostsTable;
  game_payments: GamePaymentsTable;
  game_checkins: GameCheckinsTable;
  no_show_marks: NoShowMarksTable;
  skill_ratings: SkillRatingsTable;
  game_minimums: GameMinimumsTable;
  series: SeriesTable;
  series_skips: SeriesSkipsTable;
  series_regulars: SeriesRegularsTable;
  series_claims: SeriesClaimsTable;
  follow_counts: FollowCountsTable;
}

/**
 * A comment on a game (migration 0025): 1-500 characters, trimmed; goes with the game and with
 * its author's account.
 */
export interface CommentsTable {
  id: Generated<number>;
  post_id: number;
  author_id: number;
  content: string;
  created_at: string;
}

/** A notification switch a member changed (migration 0028); the others are code defaults. */
export interface NotificationPreferencesTable {
  user_id: number;
  /** A NOTIFICATION_TYPES type. */
  type: string;
  /** 'app' | 'push' | 'digest' (shared NOTIFICATION_CHANNELS). */
  channel: string;
  /** 0 or 1. */
  enabled: number;
}

/** A device's web push subscription, tied to the session that made it (migration 0028). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  session_id: number;
  /** The push service's URL for this device: personal data, never logged. */
  endpoint: string;
  /** The device's P-256 public key, base64url. */
  p256dh: string;
  /** The device's auth secret, base64url. */
  auth: string;
  created_at: string;
}

/** The VAPID key pair generated when the environment sets none: row id 1 (migration 0028). */
export interface VapidKeysTable {
  id: number;
  /** base64url, uncompressed P-256 point. */
  public_key: string;
  /** base64url. */
  private_key: string;
  created_at: string;
}

/** When a member last got a push on a topic, e.g. `conversation-7` (migration 0028). */
export interface PushThrottlesTable {
  user_id: number;
  topic: string;
  last_push_at: string;
}

/** A one-click unsubscribe token of the e-mail digest (migration 0029), one per mail. */
export interface DigestTokensTable {
  /** SHA-256 of the 32-byte random token, hex. */
  token_hash: string;
  user_id: number;
  created_at: string;
}

/** The IST day (YYYY-MM-DD) a member's digest went out (migration 0029): at most one a day. */
export interface DigestSendsTable {
  user_id: number;
  day: string;
  sent_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type PostRow = Selectable<PostsTable>;
export type EventRow = Selectable<EventsTable>;
export type EventRegistrationRow = Selectable<EventRegistrationsTable>;

/**
 * An organizer's invitation of `invitee_id` to event `event_id` (migration 0026): one per
 * member and event. `status`: 'pending' (Accept/Decline offered), 'accepted' (interest: pinned
 * as "Invited"), 'declined'. Goes with the event and with the invitee's account.
 */
export interface EventInvitationsTable {
  id: Generated<number>;
  event_id: number;
  invitee_id: number;
  status: 'pending' | 'accepted' | 'declined';
  created_at: string;
  /** When the member accepted or declined (UTC ISO), null while pending. */
  responded_at: string | null;
}
export type EventInvitationRow = Selectable<EventInvitationsTable>;

/** A member's UPI ID, `name@bank` (migration 0032): personal data, goes with the account. */
export interface UpiIdsTable {
  user_id: number;
  upi_id: string;
  updated_at: string;
}

/**
 * The host's cost of a game (migration 0032): `total` for the ground, split among the joined
 * players and the host, or `per_head`; `amount_paise` in paise (₹1 = 100). Goes with the game.
 */
export interface GameCostsTable {
  post_id: number;
  kind: 'total' | 'per_head';
  amount_paise: number;
  updated_at: string;
}

/**
 * A player's "paid" mark on a game (migration 0032): the share in paise they paid, when (UTC
 * ISO), and when the host confirmed it (null: not confirmed). Goes with the game and the account.
 */
export interface GamePaymentsTable {
  post_id: number;
  user_id: number;
  paid_paise: number;
  paid_at: string;
  confirmed_at: string | null;
}

/** A check-in at a game (migration 0033): by position (`by_host` 0) or the host's word (1). */
export interface GameCheckinsTable {
  post_id: number;
  user_id: number;
  checked_in_at: string;
  by_host: Generated<number>;
}

/** A host's no-show mark on a player (migration 0033), with its dispute and confirmation. */
export interface NoShowMarksTable {
  post_id: number;
  user_id: number;
  marked_at: string;
  disputed_at: string | null;
  confirmed_at: string | null;
}

/** A co-player's rating of a level (migration 0033): one per game, rater and rated member. */
export interface SkillRatingsTable {
  id: Generated<number>;
  post_id: number;
  rater_id: number;
  rated_id: number;
  sport: string;
  level: 'beginner' | 'intermediate' | 'advanced' | 'expert';
  created_at: string;
}

/** A host's minimums to join a game (migration 0033); null for none. */
export interface GameMinimumsTable {
  post_id: number;
  min_show_up_percent: number | null;
  min_level: 'beginner' | 'intermediate' | 'advanced' | 'expert' | null;
}

/**
 * A repeating game (migration 0030): every `every_weeks` weeks from `first_at` (UTC ISO) in
 * `time_zone`, up to local day `until_date` or open-ended, with the template its new occurrences
 * copy (`tags` JSON text) and the regulars' claim window in seconds.
 */
export interface SeriesTable {
  id: Generated<number>;
  host_id: number;
  every_weeks: number;
  first_at: string;
  time_zone: Generated<string>;
  until_date: string | null;
  claim_window_s: Generated<number>;
  sport: string;
  heading: string;
  description: string;
  tags: Generated<string>;
  location_name: string;
  lng: number;
  lat: number;
  players_needed: number;
  /** The series' calendar SEQUENCE: up with every change of it. */
  sequence: Generated<number>;
  /** The latest recurrence instant given a game (UTC ISO). */
  last_slot: string;
  created_at: string;
  ended_at: string | null;
}
export type SeriesRow = Selectable<SeriesTable>;

/** A skipped recurrence instant of a series (migration 0030): its EXDATE. */
export interface SeriesSkipsTable {
  series_id: number;
  slot: string;
}

/** The host's change to a series' regulars (migration 0030): a member added or removed. */
export interface SeriesRegularsTable {
  series_id: number;
  user_id: number;
  status: 'added' | 'removed';
  created_at: string;
}

/**
 * A regular's offer of their place in an occurrence (migration 0030): `offered`, then `claimed`
 * or `passed`; one per occurrence and member.
 */
export interface SeriesClaimsTable {
  post_id: number;
  user_id: number;
  status: 'offered' | 'claimed' | 'passed';
  offered_at: string;
  answered_at: string | null;
}

/**
 * Every `follows` row counted on each side (migration 0034), kept by triggers; no row is 0 and 0.
 * Suspended members are counted here and subtracted on read.
 */
export interface FollowCountsTable {
  user_id: number;
  followers: number;
  following: number;
}

/**
 * Product constants shared by server and web. Sources: spec part 1 §9, spec part 2 §9,
 * CONTRACT.md.
 */

/** Sports (spec part 1 §9; part 1 adds `Other` to the 15 of part 2 §9). */
export const SPORTS = [
  'Football',
  'Basketball',
  'Tennis',
  'Soccer',
  'Baseball',
  'Volleyball',
  'Swimming',
  'Running',
  'Cycling',
  'Golf',
  'Hockey',
  'Cricket',
  'Rugby',
  'Badminton',
  'Table Tennis',
  'Other',
] as const;

/** Online games (spec part 1 §9, part 2 §9). A post whose sport is here is an esport. */
export const ONLINE_GAMES = [
  'Valorant',
  'BGMI',
  'EAFC',
  'NBA 2K',
  'League of Legends',
  'Call of Duty',
  'Minecraft',
  'Apex Legends',
  'Other Online Games',
] as const;

export type Sport = (typeof SPORTS)[number];
export type OnlineGame = (typeof ONLINE_GAMES)[number];
export type PostSport = Sport | OnlineGame;

/** Every value a post's `sport` may take: the union of both lists (CONTRACT.md). */
export const POST_SPORTS: readonly PostSport[] = [...SPORTS, ...ONLINE_GAMES];

const onlineGameSet: ReadonlySet<string> = new Set(ONLINE_GAMES);

/** True when `sport` is an online game, i.e. the post is an esport (spec part 1 §3). */
export function isEsport(sport: string): boolean {
  return onlineGameSet.has(sport);
}

/** Feed filter categories (spec part 1 §3 Filter set). */
export const FILTER_TYPES = ['ALL', 'SPORTS_ONLY', 'ESPORTS_ONLY'] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

/**
 * Feed orders (CONTRACT.md `GET /posts?order=`): `soonest` by game time (the default),
 * `nearest` by distance then time, only with a position and a radius; online games have no
 * distance and come after every game in range.
 */
export const FEED_ORDERS = ['soonest', 'nearest'] as const;
export type FeedOrder = (typeof FEED_ORDERS)[number];

/** Radius choices in metres (spec part 1 §9); -1 means no location filter. */
export const RADIUS_OPTIONS_M = [1000, 5000, 10000, 25000, 50000, 100000] as const;
export const NO_RADIUS = -1;
/** Choosing a location defaults the radius to 25 km (spec part 1 §9). */
export const DEFAULT_RADIUS_M = 25000;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const BIO_MAX = 500;
export const LIST_ITEM_MAX = 50;
export const LIST_MAX_ITEMS = 20;

/** Codes sent by e-mail: 6 digits, valid 10 minutes, 5 wrong tries burn them (spec part 1 §9). */
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_ATTEMPTS = 5;

/** Create post limits (spec part 2 §5, §9). */
export const PLAYERS_MIN = 1;
export const PLAYERS_MAX = 20;
export const POST_HEADING_MAX = 100;
export const POST_DESCRIPTION_MAX = 1000;
export const LOCATION_NAME_MAX = 200;

/** Chat message content limit (CONTRACT.md Socket.IO). */
export const MESSAGE_MAX = 2000;
/** Message preview length before '...' (spec part 1 §5). */
export const PREVIEW_MAX = 50;

/** Place search and suggestions start after more than 2 characters (spec part 1 §5). */
export const SEARCH_MIN_CHARS = 3;

/** Pagination (CONTRACT.md). */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** Local storage key of the session token (spec part 1 §9). */
export const TOKEN_STORAGE_KEY = 'token';

/**
 * The class the pre-rendered landing page puts on `<html>` when a session token is
 * stored: the page's markup is hidden at once and the web app starts instead (a member's `/` is
 * the feed).
 */
export const MEMBER_CLASS = 'member';

/**
 * The landing page's one inline script, run before the first paint: marks a member's page with
 * {@link MEMBER_CLASS}. The server allows exactly this text by its hash in the Content Security
 * Policy (apps/server/src/lib/security-headers.ts).
 */
export const MEMBER_CHECK_SCRIPT = `try{localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})&&document.documentElement.classList.add(${JSON.stringify(MEMBER_CLASS)})}catch(e){}`;

/** Default time zone of the feed's `date` filter (CONTRACT.md). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** Seconds before another reset code may be requested (spec part 1 §9). */
export const RESET_RESEND_LOCKOUT_SECONDS = 60;
/** How long the forgot-password success view shows before the code screen opens (spec part 1 §9). */
export const FORGOT_PASSWORD_REDIRECT_MS = 2000;

/** Review categories (spec part 2 §9); the list filter adds `all`. */
export const REVIEW_CATEGORIES = [
  'general',
  'venue',
  'event',
  'equipment',
  'coaching',
  'app',
] as const;
export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number];
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/** Review title and content limits in characters (spec part 2 §5, §9). */
export const REVIEW_TITLE_MAX = 100;
export const REVIEW_CONTENT_MAX = 2000;
/** A profile previews its first 3 posts and reviews (spec part 2 §9). */
export const PROFILE_PREVIEW_COUNT = 3;

/**
 * Online games of the events list: the online games plus Rocket League (spec part 2 §9). An
 * event of one of these is played online and may have no point.
 */
export const EVENT_ONLINE_GAMES = [...ONLINE_GAMES, 'Rocket League'] as const;
/** Every value an event's `sport` may take: the sports, the online games and Rocket League. */
export const EVENT_SPORTS = [...SPORTS, ...EVENT_ONLINE_GAMES] as const;
export type EventSport = (typeof EVENT_SPORTS)[number];

const eventOnlineGameSet: ReadonlySet<string> = new Set(EVENT_ONLINE_GAMES);

/** True when an event of `sport` is played online, so it needs no point. */
export function isOnlineEvent(sport: string): boolean {
  return eventOnlineGameSet.has(sport);
}

/** Skill levels of an event and of the events filter, which adds `all` (spec part 2 §9). */
export const EVENT_SKILL_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type EventSkillLevel = (typeof EVENT_SKILL_LEVELS)[number];

/** Event limits: title and description as posts (spec part 2 §9). */
export const EVENT_TITLE_MAX = 100;
export const EVENT_DESCRIPTION_MAX = 1000;
/** An event takes 1 to 1,000 registrations (teams). */
export const EVENT_TEAMS_MAX = 1000;
/** The cost per person and the prize pool are whole rupees, at most these. */
export const EVENT_COST_MAX = 100_000;
export const EVENT_PRIZE_MAX = 10_000_000;
/** An event lasts at most 30 days. */
export const EVENT_DURATION_MAX_DAYS = 30;

/** Country codes of the registration form, +91 the default (spec part 2 §9). */
export const COUNTRY_CODES = ['+91', '+1', '+44', '+61', '+81'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
export const DEFAULT_COUNTRY_CODE: CountryCode = '+91';
/** The registration form's name and team name, in characters. */
export const REGISTRATION_NAME_MAX = 100;
export const TEAM_NAME_MAX = 100;

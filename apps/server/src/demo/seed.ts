/**
 * Demo data for a first look (SEED_DEMO): a few members (password `gameon123`, listed in the
 * README), upcoming games and events around real Indian cities, relative to now. It lives outside `db/`
 * (which knows no feature) and, unlike a module, may write through the features' repositories:
 * the demo is a history back-dated by hours and days (read markers, read notifications), which
 * no service call made "now" would produce. It runs once on a new database, before any service.
 */
import { TZDate } from '@date-fns/tz';
import {
  DEFAULT_TIME_ZONE,
  formatGameTime,
  type CountryCode,
  type EventSkillLevel,
  type ReviewCategory,
} from '@gameon/shared';
import type { Kysely, Transaction } from 'kysely';
import type { DB, NotificationType } from '../db/types.js';
import { hashPassword } from '../lib/crypto.js';
import { publicPoint } from '../lib/geo.js';
import * as authRepo from '../modules/auth/auth.repository.js';
import * as chatsRepo from '../modules/chats/chats.repository.js';
import * as directRepo from '../modules/direct/direct.repository.js';
import * as eventsRepo from '../modules/events/events.repository.js';
import * as invitationsRepo from '../modules/events/invitations.repository.js';
import * as registrationsRepo from '../modules/events/registrations.repository.js';
import * as notificationsRepo from '../modules/notifications/notifications.repository.js';
import { notificationText } from '../modules/notifications/notifications.service.js';
import * as preferencesRepo from '../modules/notifications/preferences.repository.js';
import * as usersRepo from '../modules/users/users.repository.js';
import * as postsRepo from '../modules/posts/posts.repository.js';
import * as offersRepo from '../modules/posts/offers.repository.js';
import { offerExpiry } from '../modules/posts/offers.js';
import { OFFER_JOB } from '../modules/posts/offers.service.js';
import * as reviewsRepo from '../modules/reviews/reviews.repository.js';
import * as commentsRepo from '../modules/comments/comments.repository.js';
import { seedCosts } from './costs.js';
import {
  EVENT_REMINDER_JOB,
  EVENT_REMINDER_LEAD_MS,
  GAME_REMINDER_JOB,
  GAME_REMINDER_LEAD_MS,
} from '../modules/reminders/reminders.service.js';
import * as schedulerRepo from '../modules/scheduler/scheduler.repository.js';
import { seedTrust } from './trust.js';
import { seedSeries } from './series.js';

export const DEMO_PASSWORD = 'gameon123';

const MEMBERS = [
  {
    username: 'arjun',
    email: 'arjun@gameon.test',
    bio: 'Weekend striker, Bengaluru.',
    sports: ['Football', 'Cricket'],
    tags: ['5-a-side', 'weekend'],
  },
  {
    username: 'priya',
    email: 'priya@gameon.test',
    bio: 'Badminton every morning. Valorant at night.',
    sports: ['Badminton', 'Valorant'],
    tags: ['early-bird', 'ranked'],
  },
  {
    username: 'rahul',
    email: 'rahul@gameon.test',
    bio: 'Box cricket organiser in Mumbai.',
    sports: ['Cricket', 'Table Tennis'],
    tags: ['box-cricket'],
  },
  {
    username: 'sneha',
    email: 'sneha@gameon.test',
    bio: 'Runner and cyclist around Pune.',
    sports: ['Running', 'Cycling'],
    tags: ['10k', 'sunrise'],
  },
  {
    username: 'vikram',
    email: 'vikram@gameon.test',
    bio: 'BGMI squad leader from Delhi.',
    sports: ['BGMI', 'Call of Duty'],
    tags: ['squad', 'competitive'],
  },
];

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/** The day of a demo time: days from today, or the first given weekday (0 = Sunday) at least `atLeast` days ahead, then `plus` days more. */
type DemoDay = number | { weekday: number; atLeast: number; plus?: number };
/** [day, hour, minute] in India. */
type When = [DemoDay, number, number];

const SUNDAY: DemoDay = { weekday: 0, atLeast: 1 };
const SATURDAY: DemoDay = { weekday: 6, atLeast: 1 };
/** A weekend league at least nine days ahead, so its deadlines two days before are still open. */
const LEAGUE_SATURDAY = { weekday: 6, atLeast: 9 };

/**
 * [author index, sport, heading, description, tags, place, lng, lat, when in India, players]:
 * each time fits its title, spread over the next days.
 */
const GAMES: [number, string, string, string, string[], string, number, number, When, number][] = [
  [
    0,
    'Football',
    'Sunday 5-a-side at Koramangala',
    'Friendly 5-a-side on astroturf. Bring water and shin pads; ₹150 per head for the turf.',
    ['5-a-side', 'turf'],
    'Koramangala, Bengaluru, Karnataka, India',
    77.6245,
    12.9352,
    [SUNDAY, 18, 0],
    4,
  ],
  [
    1,
    'Badminton',
    'Doubles partners for morning games',
    'Indoor court booked 6-8 am. Intermediate level, shuttles provided.',
    ['doubles', 'indoor'],
    'Indiranagar, Bengaluru, Karnataka, India',
    77.6408,
    12.9784,
    [1, 6, 0],
    2,
  ],
  [
    2,
    'Cricket',
    'Box cricket night in Andheri',
    'Six overs a side under lights. All levels welcome.',
    ['box-cricket', 'night'],
    'Andheri, Mumbai, Maharashtra, India',
    72.8697,
    19.1136,
    [3, 20, 0],
    6,
  ],
  [
    3,
    'Running',
    '10K tempo run along the riverside',
    'Steady 5:30/km pace, regroup at the end for chai.',
    ['10k', 'sunrise'],
    'Koregaon Park, Pune, Maharashtra, India',
    73.8937,
    18.5362,
    [2, 6, 0],
    8,
  ],
  [
    4,
    'BGMI',
    'Squad needed for weekend scrims',
    'Looking for two fraggers for scrims, voice chat on Discord.',
    ['scrims', 'competitive'],
    'Connaught Place, New Delhi, Delhi, India',
    77.2167,
    28.6315,
    [SATURDAY, 20, 0],
    2,
  ],
  [
    1,
    'Valorant',
    'Ranked 5-stack after dinner',
    'Gold-Plat lobby, chill comms, Mumbai servers.',
    ['ranked', 'comms'],
    'Whitefield, Bengaluru, Karnataka, India',
    77.75,
    12.9698,
    [1, 21, 30],
    3,
  ],
  [
    2,
    'Table Tennis',
    'TT rally partner, Powai',
    'Club table available evenings, looking for a regular partner.',
    ['casual'],
    'Powai, Mumbai, Maharashtra, India',
    72.9051,
    19.1176,
    [6, 19, 0],
    1,
  ],
  [
    0,
    'Cricket',
    'Tennis-ball cricket at Cubbon Park',
    'Morning game, 8 a side. Bats and stumps sorted.',
    ['tennis-ball', 'morning'],
    'Cubbon Park, Bengaluru, Karnataka, India',
    77.5946,
    12.9763,
    [4, 7, 0],
    5,
  ],
  [
    3,
    'Cycling',
    'Sinhagad fort ride',
    '60 km round trip with a climb. Helmets mandatory.',
    ['climb', 'sunrise'],
    'Sinhagad Road, Pune, Maharashtra, India',
    73.8235,
    18.4711,
    [5, 5, 30],
    6,
  ],
  [
    4,
    'Football',
    'Evening kickabout in Hauz Khas',
    'Casual 7-a-side on the grass; everyone gets a run.',
    ['7-a-side'],
    'Hauz Khas, New Delhi, Delhi, India',
    77.2066,
    28.5494,
    [2, 18, 0],
    5,
  ],
  [
    2,
    'Basketball',
    '3x3 pickup at Chennai Marina',
    'Half-court 3x3, winners stay on.',
    ['3x3', 'pickup'],
    'Marina Beach, Chennai, Tamil Nadu, India',
    80.2838,
    13.05,
    [3, 17, 30],
    3,
  ],
  [
    1,
    'Tennis',
    'Hard-court singles in Jubilee Hills',
    'NTRP 3.5 singles, court fees split.',
    ['singles'],
    'Jubilee Hills, Hyderabad, Telangana, India',
    78.4071,
    17.4326,
    [5, 18, 30],
    1,
  ],
];

/** [author index, category, rating, title, content, tags, days ago]. */
const REVIEWS: [number, ReviewCategory, number, string, string, string[], number][] = [
  [
    4,
    'app',
    4,
    'Found a BGMI squad in a day',
    'Posted on Friday night and had two fraggers for the weekend scrims by Saturday morning. A rank filter for esports games would make it even better.',
    ['bgmi', 'squad'],
    1,
  ],
  [
    0,
    'venue',
    5,
    'Best 5-a-side turf in Koramangala',
    'Well-kept astroturf, floodlights till 11 pm and space to park bikes. ₹1,200 an hour on weekends, split ten ways it is worth it.',
    ['turf', '5-a-side', 'bengaluru'],
    2,
  ],
  [
    1,
    'coaching',
    5,
    'Morning batch at an Indiranagar badminton academy',
    'Three months in and my footwork and backhand clears are finally sorted. Coaches watch every rally and the 6 am batch is small.',
    ['badminton', 'academy'],
    4,
  ],
  [
    2,
    'venue',
    3,
    'Andheri box cricket: good pitch, tight nets',
    'The pitch plays true and the lights are bright, but the side nets are close, so every edge is a dead ball. Book early on Fridays.',
    ['box-cricket', 'mumbai'],
    5,
  ],
  [
    3,
    'event',
    4,
    'Riverside 10K in Pune was well run',
    'Water every 2.5 km, timing chips that worked and chai at the finish. The start was 20 minutes late.',
    ['10k', 'running'],
    9,
  ],
  [
    1,
    'equipment',
    2,
    'Budget nylon shuttles do not last',
    'Went through a whole tube in one doubles session. Feather shuttles cost more but last far longer at club level.',
    ['badminton', 'shuttles'],
    12,
  ],
  [
    3,
    'coaching',
    4,
    'Two sessions before the Sinhagad climb',
    'A local cycling coach worked on my cadence and gearing; I climbed the fort without stopping for the first time.',
    ['cycling', 'pune'],
    15,
  ],
  [
    2,
    'app',
    3,
    'Easy to post a game, the chat fills up fast',
    'Posting a box cricket game takes a minute and the group chat fills up before the evening. Reminders an hour before the game would help.',
    ['feedback'],
    18,
  ],
  [
    0,
    'general',
    4,
    'Sunday games keep the group together',
    'Our weekly 5-a-side is now the best part of the week. People turn up on time since the game is posted days ahead.',
    ['community', 'weekend'],
    20,
  ],
];

/** A team some demo member registered for an event. */
interface DemoRegistration {
  member: number;
  name: string;
  phone: string;
  countryCode: CountryCode;
  team: string | null;
}

/** A demo event: times are [day, hour, minute] in India; no point = online. */
interface DemoEvent {
  organizer: number;
  title: string;
  description: string;
  sport: string;
  place: string;
  point: [number, number] | null;
  start: When;
  end: When;
  registrationDeadline: When;
  paymentDeadline: When | null;
  teams: number;
  skill: EventSkillLevel;
  equipment: boolean;
  /** Rupees per person, and the prize pool in rupees. */
  cost: number;
  prize: number;
  tags: string[];
  registrations: DemoRegistration[];
}

/** Upcoming events, the first like the spec's sample: ₹50 a person, ₹1500 prize. */
const EVENTS: DemoEvent[] = [
  {
    organizer: 0,
    title: 'Bengaluru 5-a-side Football Tournament',
    description:
      'Knockout 5-a-side on astroturf: 16 teams of five plus two substitutes, 12-minute games. ₹50 per person, paid at the venue by the payment date; the winning team takes the ₹1,500 prize pool. Balls and bibs provided.',
    sport: 'Football',
    place: 'Koramangala Indoor Stadium, Bengaluru, Karnataka, India',
    point: [77.619, 12.9368],
    start: [10, 8, 0],
    end: [10, 17, 0],
    registrationDeadline: [7, 20, 0],
    paymentDeadline: [8, 20, 0],
    teams: 16,
    skill: 'intermediate',
    equipment: true,
    cost: 50,
    prize: 1500,
    tags: ['5-a-side', 'tournament'],
    registrations: [
      {
        member: 1,
        name: 'Priya Sharma',
        phone: '9845012345',
        countryCode: '+91',
        team: 'Indiranagar Smashers',
      },
      {
        member: 3,
        name: 'Sneha Kulkarni',
        phone: '9822054321',
        countryCode: '+91',
        team: 'Pune Pacers',
      },
    ],
  },
  {
    organizer: 4,
    title: 'BGMI Squad Cup: online scrims',
    description:
      'Three Erangel and Miranda matches in custom rooms, squads of four. Room ID and password go to registered team leaders 30 minutes before the first match. Free entry; ₹2,000 prize pool for the top squad.',
    sport: 'BGMI',
    place: 'Online (BGMI custom rooms)',
    point: null,
    start: [6, 19, 0],
    end: [6, 22, 0],
    registrationDeadline: [6, 17, 0],
    paymentDeadline: null,
    teams: 25,
    skill: 'advanced',
    equipment: false,
    cost: 0,
    prize: 2000,
    tags: ['scrims', 'squad'],
    registrations: [
      {
        member: 2,
        name: 'Rahul Mehta',
        phone: '9820011223',
        countryCode: '+91',
        team: 'Mumbai Mavericks',
      },
    ],
  },
  {
    organizer: 2,
    title: 'Mumbai Box Cricket League: weekend edition',
    description:
      'Two days of six-over box cricket under lights, eight teams of eight, league then knockouts. ₹200 per person covers the turf and tennis balls; ₹10,000 prize pool.',
    sport: 'Cricket',
    place: 'Andheri Sports Complex, Mumbai, Maharashtra, India',
    point: [72.8361, 19.1197],
    start: [LEAGUE_SATURDAY, 9, 0],
    end: [{ ...LEAGUE_SATURDAY, plus: 1 }, 18, 0],
    registrationDeadline: [{ ...LEAGUE_SATURDAY, plus: -2 }, 20, 0],
    paymentDeadline: [{ ...LEAGUE_SATURDAY, plus: -2 }, 20, 0],
    teams: 8,
    skill: 'intermediate',
    equipment: true,
    cost: 200,
    prize: 10000,
    tags: ['box-cricket', 'league'],
    registrations: [
      {
        member: 0,
        name: 'Arjun Nair',
        phone: '9880123456',
        countryCode: '+91',
        team: 'Koramangala Kings',
      },
    ],
  },
  {
    organizer: 3,
    title: 'Pune Sunrise 10K',
    description:
      'A timed 10K loop through Koregaon Park, flagged off at 6 am. Bib, timing chip and breakfast included; bring your own shoes and water bottle.',
    sport: 'Running',
    place: 'Koregaon Park, Pune, Maharashtra, India',
    point: [73.8937, 18.5362],
    start: [9, 6, 0],
    end: [9, 8, 30],
    registrationDeadline: [7, 20, 0],
    paymentDeadline: [7, 20, 0],
    teams: 200,
    skill: 'beginner',
    equipment: false,
    cost: 300,
    prize: 0,
    tags: ['10k', 'sunrise'],
    registrations: [],
  },
];

/** `when` in India (Asia/Kolkata), as a UTC ISO instant. */
function inIndia(now: number, [day, hour, minute]: When): string {
  const today = new TZDate(now, DEFAULT_TIME_ZONE);
  const days =
    typeof day === 'number'
      ? day
      : day.atLeast +
        ((day.weekday - ((today.getDay() + day.atLeast) % 7) + 7) % 7) +
        (day.plus ?? 0);
  const at = new TZDate(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() + days,
    hour,
    minute,
    DEFAULT_TIME_ZONE,
  );
  return new Date(at.getTime()).toISOString();
}

/**
 * Stores the reminder jobs of the demo's upcoming games and events (modules/reminders), as the
 * domain events of their creation would have: each due its lead time before the start, or at
 * once when that has passed.
 */
async function scheduleReminders(trx: Transaction<DB>, now: number): Promise<void> {
  const nowIso = new Date(now).toISOString();
  /** Upserts the reminder job `kind` of the item `id` starting at `start`, due `leadMs` before. */
  const schedule = (kind: string, id: number, start: string, leadMs: number, payload: object) =>
    schedulerRepo.upsertJob(trx, {
      kind,
      key: String(id),
      due_at: new Date(Math.max(Date.parse(start) - leadMs, now)).toISOString(),
      payload: JSON.stringify(payload),
    });
  const games = await trx
    .selectFrom('posts')
    .select(['id', 'event_time'])
    .where('event_time', '>', nowIso)
    .execute();
  for (const game of games)
    await schedule(GAME_REMINDER_JOB, game.id, game.event_time, GAME_REMINDER_LEAD_MS, {
      postId: game.id,
    });
  const events = await trx
    .selectFrom('events')
    .select(['id', 'event_date'])
    .where('event_date', '>', nowIso)
    .execute();
  for (const event of events)
    await schedule(EVENT_REMINDER_JOB, event.id, event.event_date, EVENT_REMINDER_LEAD_MS, {
      eventId: event.id,
    });
}

/**
 * Sneha leaves Priya's full doubles game (`doublesId`, its title `heading`) now: her place is
 * offered to Vikram, first on the waitlist, as offers.service.ts would (his place `offered`
 * until the hold's end, the job that ends it, his `waitlist_offer` notification), so the game
 * page shows a held place and Vikram's Accept and Decline.
 */
async function seedWaitlistOffer(
  trx: Transaction<DB>,
  doublesId: number,
  heading: string,
  [sneha, vikram]: [number, number],
  now: number,
): Promise<void> {
  const at = new Date(now).toISOString();
  await postsRepo.removeInterest(trx, doublesId, sneha);
  const chat = await chatsRepo.findGroupChatByPost(trx, doublesId);
  if (chat) await chatsRepo.retireMember(trx, chat.id, sneha, at);
  const game = await postsRepo.findPost(trx, doublesId);
  const expiresAt = offerExpiry(new Date(now), new Date(game!.event_time)).toISOString();
  await offersRepo.setPlace(trx, doublesId, vikram, 'offered', expiresAt);
  await schedulerRepo.upsertJob(trx, {
    kind: OFFER_JOB,
    key: `${doublesId}:${vikram}`,
    due_at: expiresAt,
    payload: JSON.stringify({ postId: doublesId, userId: vikram }),
  });
  const until = formatGameTime(expiresAt, { timeZone: DEFAULT_TIME_ZONE }, new Date(now));
  await notificationsRepo.insert(trx, {
    user_id: vikram,
    type: 'waitlist_offer',
    message: notificationText.waitlistOffer(heading, until),
    data: JSON.stringify({ post_id: doublesId, expires_at: expiresAt }),
    conversation_id: null,
    created_at: at,
  });
}

/**
 * Stores the demo events and their registrations (made an hour or two ago).
 * @returns each event's id by title.
 */
async function seedEvents(
  trx: Transaction<DB>,
  memberIds: number[],
  now: number,
): Promise<Map<string, number>> {
  const eventIds = new Map<string, number>();
  for (const event of EVENTS) {
    const eventId = await eventsRepo.insertEvent(
      trx,
      {
        organizer_id: memberIds[event.organizer]!,
        title: event.title,
        description: event.description,
        sport: event.sport,
        location_name: event.place,
        lng: event.point?.[0] ?? null,
        lat: event.point?.[1] ?? null,
        event_date: inIndia(now, event.start),
        end_date: inIndia(now, event.end),
        max_participants: event.teams,
        skill_level: event.skill,
        equipment_provided: event.equipment ? 1 : 0,
        cost: event.cost,
        prize: event.prize,
        registration_deadline: inIndia(now, event.registrationDeadline),
        payment_deadline: event.paymentDeadline ? inIndia(now, event.paymentDeadline) : null,
        created_at: new Date(now - 3 * HOUR).toISOString(),
      },
      event.tags,
    );
    eventIds.set(event.title, eventId);
    for (const [i, r] of event.registrations.entries()) {
      await registrationsRepo.insertRegistration(trx, {
        event_id: eventId,
        user_id: memberIds[r.member]!,
        name: r.name,
        email: MEMBERS[r.member]!.email,
        phone: r.phone,
        country_code: r.countryCode,
        team_name: r.team,
        created_at: new Date(now - (2 * HOUR - i * 10 * 60_000)).toISOString(),
      });
    }
  }
  return eventIds;
}

/**
 * Fills an empty database with the demo members, games, one group chat and a few messages, some
 * follows, a direct conversation with an unread message for arjun and his notifications (and
 * a few notification settings changed), reviews in every category, upcoming events with some
 * registrations and a pending invitation of arjun's, and comments on arjun's 5-a-side.
 */
export async function seedDemo(db: Kysely<DB>): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const m of MEMBERS) {
      ids.push(
        await authRepo.insertUser(
          trx,
          {
            username: m.username,
            email: m.email,
            password_hash: passwordHash,
            bio: m.bio,
            created_at: new Date(now - 30 * DAY).toISOString(),
          },
          m.sports,
          m.tags,
        ),
      );
    }
    const postIds: number[] = [];
    for (const [
      author,
      sport,
      heading,
      description,
      tags,
      place,
      lng,
      lat,
      when,
      players,
    ] of GAMES) {
      postIds.push(
        await postsRepo.insertPost(
          trx,
          {
            author_id: ids[author]!,
            sport,
            heading,
            description,
            location_name: place,
            lng,
            lat,
            // Demo members keep the default location_sharing, 'general'.
            public_lng: publicPoint(lng, lat, 'general')?.[0] ?? null,
            public_lat: publicPoint(lng, lat, 'general')?.[1] ?? null,
            event_time: inIndia(now, when),
            players_needed: players,
            created_at: new Date(now - 2 * HOUR).toISOString(),
          },
          tags,
        ),
      );
    }
    // Priya is in for Arjun's 5-a-side: a group chat with a short conversation.
    const [game] = GAMES;
    const createdAt = new Date(now - HOUR).toISOString();
    await postsRepo.addInterest(trx, postIds[0]!, ids[1]!, createdAt);
    const chatId = await chatsRepo.ensureGroupChatForPost(
      trx,
      postIds[0]!,
      `${game![1]} - ${game![2]}`,
      createdAt,
    );
    await chatsRepo.addMembers(trx, chatId, [ids[0]!, ids[1]!], createdAt);
    const lines: [number, string][] = [
      [1, 'Hi! Count me in for Sunday.'],
      [0, 'Great, see you at 6. Turf is near the Sony signal.'],
    ];
    for (const [i, [who, content]] of lines.entries()) {
      const { id } = await chatsRepo.insertMessage(trx, {
        group_chat_id: chatId,
        sender_id: ids[who]!,
        content,
        created_at: new Date(now - HOUR + (i + 1) * 60_000).toISOString(),
      });
      // Each has read the chat up to their own message (as sending does).
      await chatsRepo.moveReadMarker(trx, chatId, ids[who]!, id);
    }

    // Priya's doubles game is full: rahul and sneha are in, vikram waits at place 1,
    // so arjun sees "Full" and can join the waitlist.
    {
      const doubles = GAMES[1]!;
      const doublesChat = await chatsRepo.ensureGroupChatForPost(
        trx,
        postIds[1]!,
        `${doubles[1]} - ${doubles[2]}`,
        new Date(now - 90 * 60_000).toISOString(),
      );
      for (const [i, member] of [2, 3, 4].entries()) {
        const joinedAt = new Date(now - (90 - i * 10) * 60_000).toISOString();
        await postsRepo.addInterest(
          trx,
          postIds[1]!,
          ids[member]!,
          joinedAt,
          i < 2 ? 'joined' : 'waitlisted',
        );
        await chatsRepo.addMembers(trx, doublesChat, [ids[1]!, ids[member]!], joinedAt);
      }
    }

    await seedTrust(trx, ids, now);
    await seedWaitlistOffer(trx, postIds[1]!, GAMES[1]![2], [ids[3]!, ids[4]!], now);
    const eventIds = await seedEvents(trx, ids, now);
    await seedSeries(trx, ids, now);
    await scheduleReminders(trx, now);

    // Follows, a direct conversation and Arjun's notifications (what the server would have made).
    const [arjun, priya, rahul, sneha] = [ids[0]!, ids[1]!, ids[2]!, ids[3]!];
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    for (const [follower, followee, minutesAgo] of [
      [rahul, arjun, 300],
      [arjun, priya, 240],
      [priya, arjun, 230],
      [sneha, arjun, 20],
    ] as const) {
      await usersRepo.follow(trx, follower, followee, at(minutesAgo));
    }
    const conversationId = await directRepo.ensureConversation(trx, priya, arjun, at(50));
    const dms: [number, number, string, boolean][] = [
      [priya, arjun, 'Hey Arjun, up for badminton one morning too?', true],
      [arjun, priya, 'Sure, after Sunday’s game!', true],
      [priya, arjun, 'Booked a court for Tuesday, 7 am.', false],
    ];
    for (const [i, [from, to, content, read]] of dms.entries()) {
      await directRepo.insertMessage(trx, {
        conversation_id: conversationId,
        sender_id: from,
        recipient_id: to,
        content,
        created_at: at(50 - i * 10),
      });
      if (read) await directRepo.markRead(trx, conversationId, to);
    }
    // Sneha invited Arjun to her 10K: pending (Accept or Decline), its notification seen.
    const tenK = eventIds.get('Pune Sunrise 10K')!;
    const invitationId = (await invitationsRepo.insertInvitation(
      trx,
      { event_id: tenK, invitee_id: arjun, status: 'pending' },
      at(400),
    ))!;
    const notifications: [
      NotificationType,
      string,
      Record<string, number>,
      number | null,
      number,
      0 | 1,
    ][] = [
      [
        'event_invitation',
        notificationText.eventInvitation('sneha', 'Pune Sunrise 10K'),
        { event_id: tenK, invitation_id: invitationId },
        null,
        400,
        1,
      ],
      ['follow', notificationText.follow('rahul'), { follower_id: rahul }, null, 300, 1],
      ['follow', notificationText.follow('priya'), { follower_id: priya }, null, 230, 0],
      [
        'interest',
        notificationText.interest('priya', game![2]),
        { post_id: postIds[0]!, user_id: priya, group_chat_id: chatId },
        null,
        60,
        0,
      ],
      [
        'message',
        notificationText.message('priya'),
        { conversation_id: conversationId, sender_id: priya },
        conversationId,
        30,
        0,
      ],
      ['follow', notificationText.follow('sneha'), { follower_id: sneha }, null, 20, 0],
    ];
    for (const [type, message, data, conversation, minutesAgo, read] of notifications) {
      const { id } = await notificationsRepo.insert(trx, {
        user_id: arjun,
        type,
        message,
        data: JSON.stringify(data),
        conversation_id: conversation,
        created_at: at(minutesAgo),
      });
      if (read) await notificationsRepo.markRead(trx, arjun, [id]);
    }
    // Arjun's notification settings: new followers pushed too, nearby games not in the app.
    await preferencesRepo.upsert(trx, {
      user_id: arjun,
      type: 'follow',
      channel: 'push',
      enabled: 1,
    });
    await preferencesRepo.upsert(trx, {
      user_id: arjun,
      type: 'nearby_post',
      channel: 'app',
      enabled: 0,
    });
    // His notification settings, changed from the defaults: the daily e-mail digest for
    // messages and follows, and push for interest in his games.
    for (const [type, channel, enabled] of [
      ['message', 'digest', 1],
      ['follow', 'digest', 1],
      ['interest', 'push', 1],
    ] as const)
      await preferencesRepo.upsert(trx, { user_id: arjun, type, channel, enabled });

    for (const [author, category, rating, title, content, tags, daysAgo] of REVIEWS) {
      await reviewsRepo.insertReview(
        trx,
        {
          author_id: ids[author]!,
          category,
          rating,
          title,
          content,
          created_at: new Date(now - daysAgo * DAY - 3 * HOUR).toISOString(),
          updated_at: null,
        },
        tags,
      );
    }

    // Questions on Arjun's 5-a-side, answered by him (the game page's comments).
    const questions: [number, string, number][] = [
      [sneha, 'Is there parking near the turf?', 45],
      [arjun, 'Yes, two-wheeler parking right outside; cars on the side road.', 40],
      [rahul, 'Studs or trainers?', 15],
    ];
    for (const [author, content, minutesAgo] of questions) {
      await commentsRepo.insertComment(trx, {
        post_id: postIds[0]!,
        author_id: author,
        content,
        created_at: at(minutesAgo),
      });
    }
    await seedCosts(trx, { hostId: arjun, gameId: postIds[0]!, payerId: priya }, now);
  });
}

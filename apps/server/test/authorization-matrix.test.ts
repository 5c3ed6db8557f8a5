/**
 * The authorization matrix: every HTTP route the app registers and every client socket event,
 * each tried by every persona, over a real server (a real SQLite file or PostgreSQL database,
 * real SMTP on loopback, real socket.io-client). {@link MATRIX} is the table of expected
 * outcomes; {@link CELLS} says how each row is tried. The personas (columns):
 *
 * - `anon`: no token; `bad`: a token that is no session;
 * - `stranger`: a member with no relation to the owner;
 * - `blocked`: a member the owner blocked; `blocker`: a member who blocked the owner;
 * - `suspended`: a suspended member, with the token they held before and with a session that
 *   began as the suspension landed (each must be refused);
 * - `absent`: the stranger acting on a suspended member's resources (to everyone else a
 *   suspended member is absent: 404, or left out of a list);
 * - `owner`: the member whose resources they are; `operator`: a member in ADMIN_EMAILS.
 *
 * Resources are seeded once, the same for the owner and for the member then suspended: a game with
 * its group chat, an event with a registration, a review, a direct conversation, notifications, a
 * calendar feed, a picture, a spare session, a registration and a place in the friend's event and
 * game, a weekly series whose first game the friend joined; plus a report, and a member whose
 * activity is private. Cells run concurrently; a cell that changes what other cells see (a follow,
 * a block, a new secret, a notification read, a message) runs after them, one at a time, and undoes
 * what it can; cells that end sessions or accounts run last. A cell that destroys (deletes a game)
 * or takes a place acts on a resource made for it.
 *
 * The rows are checked against the app's route table (Fastify's onRoute hook, as the fuzz reads
 * it, with the web app's pages registered) and the shared socket event map: a route or event
 * without a row, or a row for a route or event that is gone, fails the test.
 */
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientEventSchemas,
  type AdminReport,
  type BlockedUser,
  type Comment,
  type CommentThread,
  type DirectConversation,
  type EventBody,
  type GameTrust,
  type GroupChatSummary,
  type LoginResponse,
  type Notification,
  type Place,
  type Post,
  type PostSeriesResponse,
  type Review,
  type ReviewStats,
  type Series,
  type SessionInfo,
  type SportsEvent,
  type UserProfile,
  type UserSummary,
  type UserSearchResult,
  type UserTrust,
} from '@gameon/shared';
import { hashToken, newToken } from '../src/lib/crypto.js';
import { routeTable } from './fuzz/routes.js';
import {
  collect,
  emitAck,
  eventBody as sharedEventBody,
  startServer,
  type ClientSocket,
  type HttpResult,
  type TestServer,
} from './harness.js';

const PERSONAS = [
  'anon',
  'bad',
  'stranger',
  'blocked',
  'blocker',
  'suspended',
  'absent',
  'owner',
  'operator',
] as const;
type Persona = (typeof PERSONAS)[number];

/*
 * Outcome classes:
 *   200 201 400 401 403 404 409 503   that HTTP status
 *   in / out      200, and the target is in the answer (a list, a page's preview) / left out
 *   nameless      200, the review listed with author_id and author_username null ("A member")
 *   ack / nak     the socket acknowledgement says success / refuses
 *   unavailable   refused with "This member is not available"
 *   refused       the socket connection is refused (connect_error unauthorized)
 *   got / none    the typing reached the other side / reached nobody
 *   a|b           either
 *   =             not run: the route acts on the caller only; the stranger column covers it
 *   -             not run: nothing to observe (a suspended member has no socket to reach)
 *
 * For routes that read no token (sign-up, sign-in, recovery, the calendar feed, pages), a token
 * is sent all the same and must not matter; there `owner` is whoever has the owner's mailbox or
 * password, and `suspended` and `absent` use the suspended member's address.
 */
const MATRIX = String.raw`
route or event                                        anon     bad      stranger  blocked  blocker  suspended  absent       owner    operator
GET /metrics                                          200      200      200       200      200      200        200          200      200
GET /api/health                                       200      200      200       200      200      200        200          200      200
GET /api/ready                                        200      200      200       200      200      200        200          200      200
GET /                                                 200      200      200       200      200      200        200          200      200
GET /index.html                                       200      200      200       200      200      200        200          200      200
GET /uploads/*                                        200      200      200       200      200      200        200          200      200
GET /posts/:id                                        in       in       in        in       in       in         out          in       in

POST /api/auth/send-otp                               200      200      200       200      200      200        200          200      200
POST /api/auth/register                               200      200      200       200      200      200        200          200      200
POST /api/auth/verify-otp                             400      400      400       400      400      400        400          200      400
POST /api/auth/resend-otp                             200      200      200       200      200      200        200          200      200
POST /api/auth/login                                  401      401      401       401      401      403        401          200      401
POST /api/auth/forgot-password                        200      200      200       200      200      200        200          200      200
POST /api/auth/verify-reset-otp                       400      400      400       400      400      400        400          200      400
POST /api/auth/reset-password                         400      400      400       400      400      400        400          200      400
GET /api/auth/me                                      401      401      200       200      200      401        =            200      200
GET /api/auth/sessions                                401      401      out       out      out      401        out          in       out
DELETE /api/auth/sessions/:id                         401      401      404       404      404      401        404          200      404
POST /api/auth/logout                                 401      401      200       200      200      401        =            200      200
POST /api/auth/sessions/sign-out-others               401      401      200       200      200      401        =            200      200
POST /api/settings/change-password                    401      401      200       200      200      401        =            200      200
DELETE /api/account                                   401      401      200       200      200      401        =            200      200

GET /api/settings                                     401      401      200       200      200      401        =            200      200
PUT /api/settings                                     401      401      200       200      200      401        =            200      200
GET /api/settings/skills                              401      401      200       200      200      401        =            200      200
PUT /api/settings/skills                              401      401      200       200      200      401        =            200      200
GET /api/settings/availability                        401      401      200       200      200      401        =            200      200
PUT /api/settings/availability                        401      401      200       200      200      401        =            200      200
POST /api/settings/avatar                             401      401      200       200      200      401        =            200      200
POST /api/settings/cover                              401      401      200       200      200      401        =            200      200
GET /api/settings/public/:id                          401      401      200       404      404      401        404          200      200

GET /api/users/search                                 401      401      in        out      out      401        out          out      in
GET /api/users/blocked                                401      401      out       out      out      401        out          in       out
GET /api/users/:id                                    401      401      200       404      404      401        404          200      200
GET /api/users/:id · a third member's follow lists  401      401      in        out      out      401        out          in       in
GET /api/users/:id/followers                          401      401      in        out      out      401        out          in       in
GET /api/users/:id/following                          401      401      in        out      out      401        out          in       in
POST /api/users/:id/follow                            401      401      200       404      404      401        404          400      200
POST /api/users/:id/unfollow                          401      401      200       200      200      401        200          400      200
POST /api/users/:id/block                             401      401      200       200      200      401        200          400      200
POST /api/users/:id/unblock                           401      401      200       200      200      401        200          200      200
POST /api/users/:id/report                            401      401      200       200      200      401        200          400      200

GET /api/notifications                                401      401      out       out      out      401        out          in       out
GET /api/notifications/unread-count                   401      401      200       200      200      401        =            200      200
POST /api/notifications/mark-read                     401      401      200       200      200      401        200          200      200
POST /api/notifications/mark-all-read                 401      401      200       200      200      401        =            200      200
GET /api/notifications/settings                       401      401      200       200      200      401        =            200      200
PATCH /api/notifications/settings                     401      401      200       200      200      401        =            200      200
GET /api/push/vapid-public-key                        401      401      200       200      200      401        =            200      200
POST /api/push/subscriptions                          401      401      201       201      201      401        =            201      201
DELETE /api/push/subscriptions                        401      401      200       200      200      401        =            200      200
GET /api/notifications/digest/unsubscribe             200      200      200       200      200      200        200          200      200
POST /api/notifications/digest/unsubscribe            200      200      200       200      200      200        200          200      200

GET /api/direct-messages/conversations                401      401      out       out      out      401        out          in       out
GET /api/direct-messages/conversation/:otherUserId    401      401      out       out      out      401        out|404      in       out
POST /api/direct-messages/mark-read/:id               401      401      404       404      404      401        404          200      404
GET /api/messages/direct/:id                          401      401      404       404      404      401        404          200      404
GET /api/messages/unread-count                        401      401      200       200      200      401        =            200      200
GET /api/messages/conversations                       401      401      out       out      out      401        out          in       out
GET /api/messages/group/:id                           401      401      404       404      404      401        404          200      404
POST /api/messages/group/:id/mark-read                401      401      404       404      404      401        404          200      404

GET /api/posts                                        401      401      in        out      out      401        out          out      in
POST /api/posts                                       401      401      201       201      201      401        =            201      201
GET /api/posts/my-posts                               401      401      out       out      out      401        out          in       out
GET /api/posts/joined                                 401      401      out       out      out      401        out          in       out
GET /api/posts/user/:id                               401      401      in        404      404      401        404          in       in
GET /api/posts/user/:id · activity private            401      401      403       404      404      401        404          200      403
GET /api/posts/:id                                    200      401      200       404      404      401        404          200      200
DELETE /api/posts/:id                                 401      401      403       404      404      401        404          200      403
PATCH /api/posts/:id                                  401      401      403       404      404      401        404          200      403
DELETE /api/posts/:id/players/:userId                 401      401      403       404      404      401        404          200      403
POST /api/posts/:id/interest                          401      401      200       404      404      401        404          403      200
DELETE /api/posts/:id/interest                        401      401      400       404      404      401        404          400      400
POST /api/posts/:id/offer/accept                      401      401      409       404      404      401        404          409      409
POST /api/posts/:id/offer/decline                     401      401      409       404      404      401        404          409      409
GET /api/posts/:id/calendar.ics                       401      401      403       404      404      401        404          200      403
GET /api/posts/:id/card.png                           200      200      200       200      200      200        404          200      200
GET /api/calendar/:file                               200      200      200       200      200      200        404          200      200
GET /api/settings/calendar-feed                       401      401      200       200      200      401        =            200      200
POST /api/settings/calendar-feed                      401      401      200       200      200      401        =            200      200

GET /api/reviews                                      401      401      in        out      out      401        out          in       in
GET /api/reviews · activity private                   401      401      nameless  out      out      401        out          in       nameless
POST /api/reviews                                     401      401      201       201      201      401        =            201      201
GET /api/reviews/my-reviews                           401      401      out       out      out      401        out          in       out
GET /api/reviews/stats                                401      401      in        out      out      401        out          in       in
PUT /api/reviews/:id                                  401      401      403       404      404      401        404          200      403
DELETE /api/reviews/:id                               401      401      403       404      404      401        404          200      403
GET /api/users/:id/reviews                            401      401      in        404      404      401        404          in       in
GET /api/users/:id/reviews · activity private         401      401      403       404      404      401        404          200      403
POST /api/reviews/:id/report                          401      401      200       404      404      401        404          400      200

GET /api/posts/:id/comments                           in       401      in        404      404      401        404          in       in
POST /api/posts/:id/comments                          401      401      201       404      404      401        404          201      201
DELETE /api/posts/:id/comments/:commentId             401      401      403       404      404      401        404          200      403
POST /api/comments/:id/report                         401      401      200       404      404      401        404          400      200

GET /api/posts/:id/cost                               401      401      403       404      404      401        404          200      403
PUT /api/posts/:id/cost                               401      401      403       404      404      401        404          200      403
DELETE /api/posts/:id/cost                            401      401      403       404      404      401        404          200      403
POST /api/posts/:id/cost/paid                         401      401      403       404      404      401        404          400      403
DELETE /api/posts/:id/cost/paid                       401      401      403       404      404      401        404          400      403
PUT /api/posts/:id/cost/payments/:userId              401      401      403       404      404      401        404          200      403
GET /api/settings/upi                                 401      401      200       200      200      401        =            200      200
PUT /api/settings/upi                                 401      401      200       200      200      401        =            200      200
DELETE /api/settings/upi                              401      401      200       200      200      401        =            200      200
GET /api/posts/:id/trust                              401      401      out       404      404      401        404          in       out
POST /api/posts/:id/check-in                          401      401      403       404      404      401        404          400      403
PUT /api/posts/:id/players/:userId/attendance         401      401      403       404      404      401        404          400      403
POST /api/posts/:id/no-show/dispute                   401      401      404       404      404      401        404          404      404
PUT /api/posts/:id/ratings/:userId                    401      401      400       404      404      401        404          400      400
POST /api/ratings/:id/report                          401      401      404       404      404      401        404          404      404
PUT /api/posts/:id/minimums                           401      401      403       404      404      401        404          200      403
GET /api/users/:id/trust                              401      401      shown     404      404      401        404          shown    shown
GET /api/users/:id/trust · activity private           401      401      hidden    404      404      401        404          shown    hidden
POST /api/series                                      401      401      403       404      404      401        404          201      403
GET /api/posts/:id/series                             401      401      out       404      404      401        404          in       out
POST /api/series/claims/:id                           401      401      200       404      404      401        404          400      200
POST /api/series/:id/skip                             401      401      403       404      404      401        404          200      403
PATCH /api/series/:id                                 401      401      403       404      404      401        404          200      403
POST /api/series/:id/end                              401      401      403       404      404      401        404          200      403
POST /api/series/:id/regulars                         401      401      403       404      404      401        404          200      403
DELETE /api/series/:id/regulars/:userId               401      401      403       404      404      401        404          200      403
GET /api/series/:id/calendar.ics                      401      401      403       404      404      401        404          200      403

GET /api/places/autocomplete                          401      401      out       out      out      401        out          in       out
GET /api/places/reverse                               401      401      200|503   200|503  200|503  401        =            200|503  200|503

GET /api/events                                       in       401      in        out      out      401        out          in       in
POST /api/events                                      401      401      201       201      201      401        =            201      201
GET /api/events/:id                                   200      401      200       404      404      401        404          200      200
PUT /api/events/:id                                   401      401      403       404      404      401        404          200      403
DELETE /api/events/:id                                401      401      403       404      404      401        404          200      403
POST /api/events/:id/report                           401      401      200       404      404      401        404          400      200
GET /api/events/:id/registrations                     401      401      403       404      404      401        404          200      403
GET /api/events/:id/calendar.ics                      200      401      200       404      404      401        404          200      200
POST /api/event-registrations                         401      401      201       404      404      401        404          403      201
DELETE /api/event-registrations/:id                   401      401      404       404      404      401        404          200      404
POST /api/events/:id/invitations                      401      401      403       404      404      401        404          200      403
GET /api/event-invitations                            401      401      out       out      out      401        =            in       out
POST /api/event-invitations/:id/accept                401      401      404       404      404      401        =            200      404
POST /api/event-invitations/:id/decline               401      401      404       404      404      401        =            200      404

GET /api/admin/reports                                401      401      403       403      403      401        403          403      in
POST /api/admin/reports/:id/dismiss                   401      401      403       403      403      401        403          403      200
POST /api/admin/users/:id/suspend                     401      401      403       403      403      401        403          403      200
POST /api/admin/users/:id/suspend · another operator  401      401      403       403      403      401        403          403      403
POST /api/admin/users/:id/unsuspend                   401      401      403       403      403      401        403          403      200

socket join                                           refused  refused  nak       nak      nak      refused    nak          ack      nak
socket joinGroupChat                                  refused  refused  nak       nak      nak      refused    nak          ack      nak
socket leaveGroupChat                                 refused  refused  ack       ack      ack      refused    ack          ack      ack
socket sendDirectMessage                              refused  refused  ack       nak      nak      refused    unavailable  nak      ack
socket sendGroupMessage                               refused  refused  nak       nak      nak      refused    nak          ack      nak
socket directTyping                                   refused  refused  got       none     none     refused    -            none     got
socket groupTyping                                    refused  refused  none      none     none     refused    none         got      none
`;

/**
 * Cells whose expectation is the rule of work not yet merged into this branch, with what brings
 * it: while such a cell answers otherwise it is printed, not failed; once it answers as expected
 * it fails until it is taken off this list, so the list never hides a regression.
 */
const PENDING: Record<string, string> = {};

const DAY_MS = 24 * 3600 * 1000;
const PASSWORD = 'secret123';
const BAD_TOKEN = 'not-a-session-token';
const OPERATORS = ['mx_operator@example.test', 'mx_operator2@example.test'];
const PHONE = '9876543210';
/** Where every seeded game is, [lng, lat]. */
const GAME_POINT: [number, number] = [77.5946, 12.9716];

interface Member {
  id: number;
  username: string;
  email: string;
  token: string;
}

interface ReviewBody {
  rating: number;
  category: 'general' | 'venue' | 'event' | 'equipment' | 'coaching' | 'app';
  title: string;
  content: string;
  tags: string[];
}

/** One member's seeded resources (the owner's, and the same for the suspended member). */
interface Subject {
  member: Member;
  /** An upcoming game they host, joined by the friend, with its group chat. */
  game: number;
  heading: string;
  /** The game's one tag, which no other game has. */
  tag: string;
  chat: number;
  /** The start of the game's place name: their own place in place search. */
  place: string;
  event: number;
  eventBody: EventBody;
  /** The UTC day of the event, YYYY-MM-DD; no other event is on it. */
  eventDay: string;
  /** A review, the only one of its category besides those made for cells by the same member. */
  review: number;
  reviewBody: ReviewBody;
  /** Their direct conversation with the friend. */
  conv: number;
  /** The friend followed them (`follow`) and joined their game (`interest`). */
  followNotification: number;
  interestNotification: number;
  /** The file part of their calendar feed's secret address, `<secret>.ics`. */
  calendarFile: string;
  /** The unsubscribe token of a digest mail to them (the token alone decides, no session). */
  digestToken: string;
  /** Their avatar's path, `/uploads/...`. */
  avatar: string;
  /** A session besides the one of `member.token`. */
  session: number;
  /** Their registration for the friend's event. */
  registration: number;
  /** The friend's game they joined. */
  joinedGame: number;
  /** Their comment on their own game. */
  comment: number;
  /** A weekly series of theirs, its first game joined by the friend (a regular). */
  series: SeriesFixture;
}

/** A series made for the matrix: its id, its games, and a date of it not yet created. */
interface SeriesFixture {
  id: number;
  /** The first occurrence, joined by the friend. */
  game: number;
  /** The second occurrence, held for the regulars. */
  held: number;
  /** An upcoming date (UTC ISO) whose game is not created yet. */
  slot: string;
}

interface World {
  owner: Subject;
  absent: Subject;
  /** A member whose activity history is private, with one review (blocked and blocker alike). */
  private: { member: Member; review: number; category: ReviewBody['category'] };
  members: Record<'stranger' | 'blocked' | 'blocker' | 'suspended' | 'operator', Member>;
  operator2: Member;
  /** Joins, registers, follows and writes to the subjects; nobody blocks them. */
  friend: Member;
  friendEvent: number;
  friendGame: number;
  /** The blocked's and the blocker's direct conversations with the owner, from before the blocks. */
  blockedConv: number;
  blockerConv: number;
  /** The stranger's direct conversation with the suspended member, from before the suspension. */
  absentConv: number;
  /** An open report about the owner's review. */
  report: number;
  /**
   * The token of a session of the suspended member that began as the suspension landed: a
   * sign-in that checked the account before the suspension and stored its session after the
   * suspension had ended the others.
   */
  racedSession: string;
}

interface Cell {
  persona: Persona;
  /** The token sent, if any. */
  token: string | undefined;
  /** The member acting: null for `anon` and `bad`. */
  actor: Member | null;
  /** Whose resources: the suspended member's for `absent`, the owner's otherwise. */
  t: Subject;
  /** The outcome the matrix expects (a typing cell waits for what it expects to see). */
  expected: string;
  /** A request with the cell's token, or `token` (null: none). */
  req<T = unknown>(
    method: string,
    urlPath: string,
    options?: { body?: unknown; token?: string | null },
  ): Promise<HttpResult<T>>;
  /** The persona's socket; null when its connection is refused. */
  socket(): Promise<ClientSocket | null>;
}

interface CellRunner {
  run: (c: Cell) => Promise<string>;
  /**
   * 2: after the others, one cell at a time, the owner's last (it changes what other cells see,
   * and undoes it where it can). 3: last of all (it ends sessions or accounts).
   */
  phase?: 2 | 3;
  /** A public route: the `absent` cell is also tried signed out, and both must agree. */
  public?: boolean;
}

interface Row extends CellRunner {
  name: string;
  expect: string[];
}

let server: TestServer;
let world: World;
let webDist: string;
let geocoder: Server;
const sockets = new Map<string, ClientSocket>();
/** Typing the owner's and the friend's sockets heard. */
let ownerHeardDirect: { userId: number; isTyping: boolean }[] = [];
let friendHeardDirect: { userId: number; isTyping: boolean }[] = [];
let friendHeardGroup: { groupChatId: number; userId: number; isTyping: boolean }[] = [];
/** Observed outcome per row and persona, for the table printed at the end. */
const observed = new Map<string, Map<Persona, string>>();
const pendingSeen: string[] = [];
let counter = 0;
const unique = (label: string) => `${label}${++counter}${Math.random().toString(36).slice(2, 6)}`;

// ---------------------------------------------------------------------------------------------
// Helpers

const code = (res: { status: number }) => String(res.status);
/** `in`/`out` of a 200 answer by `has`, else the status. */
const listed = <T>(res: HttpResult<T>, has: (body: T) => boolean) =>
  res.status === 200 ? (has(res.body) ? 'in' : 'out') : code(res);
const ids = (items: { id: number }[]) => items.map((item) => item.id);

async function signUp(username: string): Promise<Member> {
  const session: LoginResponse = await server.signUp(username);
  return {
    id: session.user.id,
    username: session.user.username,
    email: `${username}@example.test`,
    token: session.token,
  };
}

async function login(member: Member): Promise<string> {
  const res = await server.request<LoginResponse>('POST', '/api/auth/login', {
    body: { email: member.email, password: PASSWORD },
  });
  if (res.status !== 200) throw new Error(`login ${member.username}: ${res.status}`);
  return res.body.token;
}

/** The body of `res` when it has `status`; else throws (a seeding step that failed). */
async function ok<T>(res: Promise<HttpResult<T>>, status = 200): Promise<T> {
  const answer = await res;
  if (answer.status !== status)
    throw new Error(`answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** An event `dayOffset` days ahead, 06:00-09:00 UTC. */
function eventBody(dayOffset: number, title: string): EventBody {
  const start = new Date(Date.now() + dayOffset * DAY_MS);
  start.setUTCHours(6, 0, 0, 0);
  return sharedEventBody(title, { eventDate: start.toISOString() });
}

/**
 * The game a cost cell acts on: for the owner, a new game of theirs with their UPI ID saved (a
 * cost needs one); for everyone else, the subject's game.
 */
async function costGame(c: Cell): Promise<number> {
  if (c.persona !== 'owner') return c.t.game;
  await ok(
    server.request('PUT', '/api/settings/upi', {
      token: c.t.member.token,
      body: { upiId: 'matrixhost@okaxis' },
    }),
  );
  return fresh.post(c.t.member);
}

/**
 * A new weekly series of `who`'s: a new game of theirs, joined by the friend, made to repeat
 * (its next game is created held for the regulars).
 */
async function newSeries(who: Member): Promise<SeriesFixture> {
  const game = await fresh.post(who);
  await ok(server.request('POST', `/api/posts/${game}/interest`, { token: world.friend.token }));
  const series = await ok<Series>(
    server.request('POST', '/api/series', {
      token: who.token,
      body: { postId: game, everyWeeks: 1 },
    }),
    201,
  );
  const held = series.upcoming.find((d) => d.post_id !== null && d.post_id !== game)!;
  const slot = series.upcoming.find((d) => d.post_id === null)!.slot;
  return { id: series.id, game, held: held.post_id!, slot };
}

/** The series a series cell changes: a new one for the owner, the subject's otherwise. */
const seriesFor = (c: Cell) => (c.persona === 'owner' ? newSeries(c.t.member) : c.t.series);

/**
 * Offers `userId` their place in held occurrence `postId`, as a series' start job records it
 * (series.repository offerOnce), straight in the database: the matrix's clock does not move.
 */
async function offerPlace(postId: number, userId: number): Promise<void> {
  const { db } = server.app.database;
  const there = await db
    .selectFrom('series_claims')
    .select('status')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (there) return;
  await db
    .insertInto('series_claims')
    .values({
      post_id: postId,
      user_id: userId,
      status: 'offered',
      offered_at: new Date().toISOString(),
      answered_at: null,
    })
    .execute();
}

/** Resources made for one cell. */
const fresh = {
  post: (who: Member) => server.createPost(who.token).then((post) => post.id),
  event: (who: Member) => server.createEvent(who.token).then((event) => event.id),
  async review(who: Member): Promise<number> {
    const body: ReviewBody = {
      rating: 3,
      category: 'coaching',
      title: 'Fresh',
      content: 'Fresh',
      tags: [],
    };
    return (
      await ok<Review>(server.request('POST', '/api/reviews', { token: who.token, body }), 201)
    ).id;
  },
  /** A new session of `who`: its token and id. */
  async session(who: Member): Promise<{ token: string; id: number }> {
    const token = await login(who);
    const list = await ok(server.request<SessionInfo[]>('GET', '/api/auth/sessions', { token }));
    return { token, id: list.find((s) => s.current)!.id };
  },
  /** `who`'s registration for a new event of the friend. */
  async registration(who: Member): Promise<number> {
    const eventId = await fresh.event(world.friend);
    const answer = await ok<{ registration: { id: number } }>(
      server.request('POST', '/api/event-registrations', {
        token: who.token,
        body: { event_id: eventId, name: who.username, phone: PHONE },
      }),
      201,
    );
    return answer.registration.id;
  },
  /** `who`'s pending invitation from the friend, to a new event of the friend. */
  async invitation(who: Member): Promise<number> {
    const eventId = await fresh.event(world.friend);
    await ok(
      server.request('POST', `/api/events/${eventId}/invitations`, {
        token: world.friend.token,
        body: { user_id: who.id },
      }),
    );
    const row = await server.app.database.db
      .selectFrom('event_invitations')
      .select('id')
      .where('event_id', '=', eventId)
      .where('invitee_id', '=', who.id)
      .executeTakeFirstOrThrow();
    return row.id;
  },
  /** An open report by the friend about the owner's review. */
  async report(): Promise<number> {
    const reason = unique('report ');
    await ok(
      server.request('POST', `/api/reviews/${world.owner.review}/report`, {
        token: world.friend.token,
        body: { reason },
      }),
    );
    const reports = await ok(
      server.request<AdminReport[]>('GET', '/api/admin/reports?limit=100', {
        token: world.members.operator.token,
      }),
    );
    return reports.find((r) => r.reason === reason)!.id;
  },
};

/** Uploads a small PNG as `kind` with `token` (none when undefined). */
async function upload(
  token: string | undefined,
  kind: 'avatar' | 'cover',
): Promise<{ status: number; body: Record<string, string> }> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#10b981' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const response = await fetch(`${server.url}/api/settings/${kind}`, {
    method: 'POST',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/**
 * Resolves true once `seen` (filled by a listener on `socket`'s `event`) holds an item from index
 * `since` on that `match`es, false if none came within 5 s.
 */
function heard<T>(
  socket: ClientSocket,
  event: string,
  seen: T[],
  since: number,
  match: (item: T) => boolean,
): Promise<boolean> {
  const found = () => seen.slice(since).some(match);
  if (found()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const check = () => {
      // The collecting listener was added first, so `seen` already holds this event.
      if (!found()) return;
      clearTimeout(timer);
      socket.off(event as never, check);
      resolve(true);
    };
    const timer = setTimeout(() => {
      socket.off(event as never, check);
      resolve(false);
    }, 5000);
    socket.on(event as never, check);
  });
}

/** A direct message from `from` to `to` over a socket; the conversation's id. */
async function message(from: Member, to: Member, content: string): Promise<number> {
  const socket = await server.connect(from.token);
  const sent = await emitAck<{ success: boolean; message?: { conversation_id: number } }>(
    socket,
    'sendDirectMessage',
    { recipientId: to.id, content },
  );
  socket.disconnect();
  if (!sent.success) throw new Error(`message ${from.username} -> ${to.username} refused`);
  return sent.message!.conversation_id;
}

const mailsTo = (email: string) => server.mail.mails.filter((m) => m.to === email).length;

/** A fresh password-reset code mailed to `email` (an account's). */
async function resetCode(email: string): Promise<string> {
  const before = mailsTo(email);
  await ok(server.request('POST', '/api/auth/forgot-password', { body: { email } }));
  return server.mail.codeFor(email, before + 1);
}

/** Starts a sign-up as the cell's persona: its address (the suspended member's for those two). */
async function startSignup(c: Cell, url = '/api/auth/send-otp') {
  const email =
    c.persona === 'suspended' || c.persona === 'absent'
      ? world.members.suspended.email
      : `${unique('mx_new')}@example.test`;
  const answer = await c.req('POST', url, {
    body: {
      username: unique('mx_new'),
      email,
      password: PASSWORD,
      bio: '',
      sports: [],
      tags: [],
    },
  });
  return { email, answer };
}

/** Whether notification `id` is read (read from the database: its member cannot be asked). */
async function isRead(id: number): Promise<boolean> {
  const row = await server.app.database.db
    .selectFrom('notifications')
    .select('is_read')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.is_read) === 1;
}

/**
 * The cell's direct conversation: the blocked's or the blocker's with the owner, the stranger's
 * with the suspended member, else the owner's with the friend.
 */
function conversationOf(c: Cell): number {
  if (c.persona === 'blocked') return world.blockedConv;
  if (c.persona === 'blocker') return world.blockerConv;
  if (c.persona === 'absent') return world.absentConv;
  return c.t.conv;
}

/** `in` / `nameless` / `out` for review `reviewId` by `authorId` in a list answer. */
function reviewListed(res: HttpResult<Review[]>, reviewId: number, authorId: number): string {
  if (res.status !== 200) return code(res);
  const review = res.body.find((r) => r.id === reviewId);
  if (!review) return 'out';
  if (review.author_id === null && review.author_username === null) return 'nameless';
  return review.author_id === authorId ? 'in' : `listed as by ${review.author_id}`;
}

/**
 * A row about the member with private activity: they are the owner column (acting with their
 * token); the absent column is the stranger on the suspended member.
 */
function privateTarget(c: Cell) {
  if (c.persona === 'absent')
    return {
      member: world.absent.member,
      review: world.absent.review,
      category: world.absent.reviewBody.category,
      token: undefined,
    };
  return {
    ...world.private,
    token: c.persona === 'owner' ? world.private.member.token : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// The world

async function seedSubject(
  member: Member,
  label: string,
  dayOffset: number,
  category: ReviewBody['category'],
): Promise<Subject> {
  const { friend } = world;
  const socket = await server.connect(member.token);
  const notifications = collect(socket, 'notification');
  const heading = `Matrix ${label} game`;
  const place = `Matrixpur ${label}`;
  const game = await server.createPost(member.token, {
    heading,
    tags: [`mx${label}`],
    locationName: `${place} Turf, Bengaluru`,
    location: { type: 'Point', coordinates: GAME_POINT },
    eventTime: new Date(Date.now() + 2 * DAY_MS).toISOString(),
  });
  const { groupChatId } = await ok(
    server.request<{ groupChatId: number }>('POST', `/api/posts/${game.id}/interest`, {
      token: friend.token,
    }),
  );
  await ok(server.request('POST', `/api/users/${member.id}/follow`, { token: friend.token }));
  for (const type of ['interest', 'follow'])
    if (!(await heard(socket, 'notification', notifications, 0, (n) => n.type === type)))
      throw new Error(`no ${type} notification for ${label}`);
  const body = eventBody(dayOffset, `Matrix ${label} cup`);
  const event = await ok(
    server.request<SportsEvent>('POST', '/api/events', { token: member.token, body }),
    201,
  );
  await ok(
    server.request('POST', '/api/event-registrations', {
      token: friend.token,
      body: { event_id: event.id, name: 'Friend', phone: PHONE },
    }),
    201,
  );
  const reviewBody: ReviewBody = {
    rating: 4,
    category,
    title: `Matrix ${label} review`,
    content: 'Good',
    tags: [],
  };
  const review = await ok(
    server.request<Review>('POST', '/api/reviews', { token: member.token, body: reviewBody }),
    201,
  );
  const conv = await message(friend, member, `hello ${label}`);
  await ok(server.request('POST', `/api/users/${friend.id}/follow`, { token: member.token }));
  const feed = await ok(
    server.request<{ url: string }>('POST', '/api/settings/calendar-feed', { token: member.token }),
  );
  const avatar = (await upload(member.token, 'avatar')).body.profile_picture_url!;
  const spare = await fresh.session(member);
  // As a digest mail would have issued it (notifications/digest.service.ts).
  const digestToken = newToken();
  await server.app.database.db
    .insertInto('digest_tokens')
    .values({
      token_hash: hashToken(digestToken),
      user_id: member.id,
      created_at: new Date().toISOString(),
    })
    .execute();
  const registration = await ok(
    server.request<{ registration: { id: number } }>('POST', '/api/event-registrations', {
      token: member.token,
      body: { event_id: world.friendEvent, name: member.username, phone: PHONE },
    }),
    201,
  );
  await ok(
    server.request('POST', `/api/posts/${world.friendGame}/interest`, { token: member.token }),
  );
  const comment = await ok<Comment>(
    server.request('POST', `/api/posts/${game.id}/comments`, {
      token: member.token,
      body: { content: `Matrix ${label} comment` },
    }),
    201,
  );
  const series = await newSeries(member);
  socket.disconnect();
  return {
    member,
    game: game.id,
    heading,
    tag: `mx${label}`,
    chat: groupChatId,
    place,
    event: event.id,
    eventBody: body,
    eventDay: body.eventDate.slice(0, 10),
    review: review.id,
    reviewBody,
    conv,
    followNotification: notifications.find((n) => n.type === 'follow')!.id,
    interestNotification: notifications.find((n) => n.type === 'interest')!.id,
    calendarFile: feed.url.split('/').pop()!,
    digestToken,
    avatar,
    session: spare.id,
    registration: registration.registration.id,
    joinedGame: world.friendGame,
    comment: comment.id,
    series,
  };
}

beforeAll(async () => {
  // Place search asks this geocoder instead of the offline gazetteer. It knows the subjects'
  // places, ~100 m from their games' exact points: a member's own place is told from it by the
  // exact point (and, found, needs no gazetteer for its address).
  geocoder = createServer((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    const features = ['owner', 'absent'].map((label) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [GAME_POINT[0] + 0.001, GAME_POINT[1]] },
      properties: { name: `Matrixpur ${label} Turf, Bengaluru`, city: 'Bengaluru' },
    }));
    res.end(JSON.stringify({ type: 'FeatureCollection', features }));
  });
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  // A web app build of one page, so the share page and the static routes are registered too.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'gameon-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>GameOn</title></head><body></body></html>',
  );
  server = await startServer({
    WEB_DIST: webDist,
    ADMIN_EMAILS: OPERATORS.join(','),
    PLACES_URL: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}/api`,
  });
  const [owner, absent, priv, stranger, blocked, blocker, operator, operator2, friend] =
    await Promise.all(
      [
        'mx_owner',
        'mx_absent',
        'mx_private',
        'mx_stranger',
        'mx_blocked',
        'mx_blocker',
        'mx_operator',
        'mx_operator2',
        'mx_friend',
      ].map(signUp),
    );
  const partial = {
    members: {
      stranger: stranger!,
      blocked: blocked!,
      blocker: blocker!,
      suspended: absent!,
      operator: operator!,
    },
    operator2: operator2!,
    friend: friend!,
    friendEvent: await fresh.event(friend!),
    friendGame: await fresh.post(friend!),
  };
  world = partial as World;
  world.owner = await seedSubject(owner!, 'owner', 5, 'coaching');
  world.absent = await seedSubject(absent!, 'absent', 6, 'venue');
  await ok(
    server.request('PUT', '/api/settings', {
      token: priv!.token,
      body: { activity_history_visibility: 'private' },
    }),
  );
  const privateBody: ReviewBody = {
    rating: 5,
    category: 'event',
    title: 'Private',
    content: 'Quiet',
    tags: [],
  };
  const privateReview = await ok(
    server.request<Review>('POST', '/api/reviews', { token: priv!.token, body: privateBody }),
    201,
  );
  world.private = { member: priv!, review: privateReview.id, category: 'event' };
  world.blockedConv = await message(blocked!, owner!, 'before the block');
  world.blockerConv = await message(blocker!, owner!, 'before my block');
  world.absentConv = await message(stranger!, absent!, 'before the suspension');
  for (const subject of [owner!, absent!, priv!]) {
    await ok(server.request('POST', `/api/users/${blocked!.id}/block`, { token: subject.token }));
    await ok(server.request('POST', `/api/users/${subject.id}/block`, { token: blocker!.token }));
  }
  world.report = await fresh.report();
  await ok(
    server.request('POST', `/api/admin/users/${absent!.id}/suspend`, { token: operator!.token }),
  );
  // What such a sign-in leaves behind, written as the sign-in writes it (the race itself has no
  // hook to hold it open).
  world.racedSession = newToken();
  const now = new Date().toISOString();
  await server.app.database.db
    .insertInto('sessions')
    .values({
      user_id: absent!.id,
      token_hash: hashToken(world.racedSession),
      created_at: now,
      last_seen_at: now,
      user_agent: null,
      ip: '127.0.0.1',
    })
    .execute();
  for (const [name, member] of Object.entries({
    stranger,
    blocked,
    blocker,
    operator,
    friend,
    owner,
  }))
    sockets.set(name, await server.connect(member!.token));
  ownerHeardDirect = collect(sockets.get('owner')!, 'userDirectTyping');
  friendHeardDirect = collect(sockets.get('friend')!, 'userDirectTyping');
  friendHeardGroup = collect(sockets.get('friend')!, 'userGroupTyping');
}, 120_000);

afterAll(async () => {
  if (observed.size > 0) {
    const width = Math.max(...[...observed.keys()].map((name) => name.length));
    const line = (name: string, cells: string[]) =>
      `${name.padEnd(width)}  ${cells.map((cell) => cell.padEnd(11)).join(' ')}`;
    const lines = ROWS.filter((row) => observed.has(row.name)).map((row) =>
      line(
        row.name,
        PERSONAS.map((p) => observed.get(row.name)?.get(p) ?? ''),
      ),
    );
    console.log(
      `authorization matrix on ${server.databaseUrl.startsWith('sqlite') ? 'SQLite' : 'PostgreSQL'}: ` +
        `observed outcomes (✗ a mismatch, ⧗ a pending cell)\n${line('', [...PERSONAS])}\n${lines.join('\n')}`,
    );
  }
  if (pendingSeen.length > 0)
    console.log(
      `PENDING cells (the rule of work not merged here yet), ${pendingSeen.length}:\n${pendingSeen.join('\n')}`,
    );
  for (const socket of sockets.values()) socket.disconnect();
  await server?.close();
  if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  await new Promise((resolve) => geocoder?.close(resolve));
});

// ---------------------------------------------------------------------------------------------
// How each row is tried

/** A request answered by its status. */
const call =
  (method: string, url: (c: Cell) => string, body?: (c: Cell) => unknown) =>
  async (c: Cell): Promise<string> =>
    code(await c.req(method, url(c), body ? { body: body(c) } : {}));

/** A page fetched with the cell's token: its status, or `in`/`out` by whether it holds `text`. */
const page = (url: (c: Cell) => string, text?: (c: Cell) => string) => async (c: Cell) => {
  const response = await fetch(server.url + url(c), {
    headers: c.token === undefined ? {} : { authorization: `Bearer ${c.token}` },
  });
  const html = await response.text();
  if (response.status !== 200 || !text) return code(response);
  return html.includes(text(c)) ? 'in' : 'out';
};

/** A list's `in`/`out` by whether it holds the id `target` picks. */
const holds =
  <T extends { id: number }>(url: (c: Cell) => string, target: (c: Cell) => number) =>
  async (c: Cell) =>
    listed(await c.req<T[]>('GET', url(c)), (body) => ids(body).includes(target(c)));

/** An acknowledged socket event: `ack`, `unavailable` or `nak`; `refused` without a socket. */
const acked =
  (event: keyof typeof clientEventSchemas, payload: (c: Cell) => unknown) =>
  async (c: Cell): Promise<string> => {
    const socket = await c.socket();
    if (!socket) return 'refused';
    const answer = await emitAck<{ success: boolean; message?: unknown }>(
      socket,
      event,
      payload(c),
    );
    if (answer.success) return 'ack';
    return answer.message === 'This member is not available' ? 'unavailable' : 'nak';
  };

/**
 * Typing by the persona, heard or not by `observer`. A cell that expects it waits for it. One
 * that expects silence proves it with a sentinel: the typer then types to the friend, and once
 * the friend hears that, an acknowledged round trip on the observer's socket brings back
 * anything the first typing had sent it.
 */
const typing =
  <T>(
    emit: (socket: ClientSocket, c: Cell) => void,
    observer: (c: Cell) => { name: string; event: string; seen: T[]; match: (e: T) => boolean },
  ) =>
  async (c: Cell): Promise<string> => {
    const socket = await c.socket();
    if (!socket) return 'refused';
    const { name, event, seen, match } = observer(c);
    const observerSocket = sockets.get(name)!;
    const since = seen.length;
    const sentinelSince = friendHeardDirect.length;
    emit(socket, c);
    if (c.expected === 'got')
      return (await heard(observerSocket, event, seen, since, match)) ? 'got' : 'none';
    socket.emit('directTyping', { recipientId: world.friend.id, isTyping: false });
    const actorId = c.actor!.id;
    if (
      !(await heard(
        sockets.get('friend')!,
        'userDirectTyping',
        friendHeardDirect,
        sentinelSince,
        (e) => e.userId === actorId && !e.isTyping,
      ))
    )
      throw new Error('the sentinel typing never arrived');
    await emitAck(observerSocket, 'leaveGroupChat', 1);
    return seen.slice(since).some(match) ? 'got' : 'none';
  };

const FEED_POST = {
  sport: 'Football',
  heading: 'A matrix game',
  description: 'Friendly',
  tags: [],
  location: { type: 'Point', coordinates: [77.5946, 12.9716] },
  locationName: 'Bengaluru',
  playersNeeded: 4,
};

/** A session's token to end for the cell: a new one of its member (none for anon, bad, suspended). */
const ownSession = async (c: Cell) =>
  c.actor && c.persona !== 'suspended' ? { token: await login(c.actor) } : {};

const CELLS: Record<string, CellRunner> = {
  'GET /metrics': { run: call('GET', () => '/metrics') },
  'GET /api/health': { run: call('GET', () => '/api/health') },
  'GET /api/ready': { run: call('GET', () => '/api/ready') },
  'GET /': { run: page(() => '/') },
  'GET /index.html': { run: page(() => '/index.html') },
  // A picture's name is random and shown only with its member: the file itself is public.
  'GET /uploads/*': { run: page((c) => c.t.avatar) },
  // The share page is the signed-out view, whoever asks.
  'GET /posts/:id': {
    run: page(
      (c) => `/posts/${c.t.game}`,
      (c) => c.t.heading,
    ),
  },

  'POST /api/auth/send-otp': {
    run: async (c) => code((await startSignup(c)).answer),
  },
  'POST /api/auth/register': {
    run: async (c) => code((await startSignup(c, '/api/auth/register')).answer),
  },
  'POST /api/auth/verify-otp': {
    run: async (c) => {
      const { email } = await startSignup(c);
      let otp = '000000';
      if (c.persona !== 'suspended' && c.persona !== 'absent') {
        const real = await server.mail.codeFor(email);
        // The mailbox's holder sends its code; anyone else a wrong one.
        otp = c.persona === 'owner' ? real : real === '000000' ? '111111' : '000000';
      }
      return code(await c.req('POST', '/api/auth/verify-otp', { body: { email, otp } }));
    },
  },
  'POST /api/auth/resend-otp': {
    run: async (c) => {
      const { email } = await startSignup(c);
      return code(await c.req('POST', '/api/auth/resend-otp', { body: { email } }));
    },
  },
  'POST /api/auth/login': {
    // Only the owner knows the owner's password; the suspended member knows theirs.
    run: async (c) => {
      const member =
        c.persona === 'suspended' || c.persona === 'absent' ? world.absent.member : c.t.member;
      const password =
        c.persona === 'owner' || c.persona === 'suspended' ? PASSWORD : 'guessed-wrong';
      return code(
        await c.req('POST', '/api/auth/login', { body: { email: member.email, password } }),
      );
    },
  },
  'POST /api/auth/forgot-password': {
    // The code mails go out in the background: one cell at a time, each waiting for its mail,
    // so the reset rows count the owner's mails right.
    phase: 2,
    run: async (c) => {
      const email = recoveryAddress(c);
      const before = mailsTo(email);
      const answer = await c.req('POST', '/api/auth/forgot-password', { body: { email } });
      await server.mail.waitFor(email, before + 1);
      return code(answer);
    },
  },
  'POST /api/auth/verify-reset-otp': {
    phase: 2,
    run: async (c) => {
      const email = recoveryAddress(c);
      const otp = c.persona === 'owner' ? await resetCode(email) : '000000';
      return code(await c.req('POST', '/api/auth/verify-reset-otp', { body: { email, otp } }));
    },
  },
  'POST /api/auth/reset-password': {
    // The owner's reset ends every session of theirs: last, and later cells sign in afresh.
    phase: 3,
    run: async (c) => {
      const email = recoveryAddress(c);
      let resetToken = 'x'.repeat(43);
      if (c.persona === 'owner') {
        const otp = await resetCode(email);
        resetToken = (
          await ok(
            server.request<{ resetToken: string }>('POST', '/api/auth/verify-reset-otp', {
              body: { email, otp },
            }),
          )
        ).resetToken;
      }
      return code(
        await c.req('POST', '/api/auth/reset-password', {
          body: { email, resetToken, newPassword: PASSWORD },
        }),
      );
    },
  },
  'GET /api/auth/me': { run: call('GET', () => '/api/auth/me') },
  'GET /api/auth/sessions': {
    run: async (c) =>
      listed(await c.req<SessionInfo[]>('GET', '/api/auth/sessions'), (b) =>
        ids(b).includes(c.t.session),
      ),
  },
  'DELETE /api/auth/sessions/:id': {
    run: async (c) => {
      const id = c.persona === 'owner' ? (await fresh.session(c.t.member)).id : c.t.session;
      return code(await c.req('DELETE', `/api/auth/sessions/${id}`));
    },
  },
  'POST /api/auth/logout': {
    phase: 3,
    run: async (c) => code(await c.req('POST', '/api/auth/logout', await ownSession(c))),
  },
  'POST /api/auth/sessions/sign-out-others': {
    phase: 3,
    run: async (c) => {
      // Another member's sessions are not theirs to end: one of the owner's is watched.
      const owners = await login(world.owner.member);
      const answer = code(
        await c.req('POST', '/api/auth/sessions/sign-out-others', await ownSession(c)),
      );
      if (c.persona !== 'owner' && !(await sessionLives(owners)))
        return `${answer}, and the owner was signed out`;
      return answer;
    },
  },
  'POST /api/settings/change-password': {
    phase: 3,
    run: async (c) =>
      code(
        await c.req('POST', '/api/settings/change-password', {
          body: { currentPassword: PASSWORD, newPassword: PASSWORD },
          ...(await ownSession(c)),
        }),
      ),
  },
  'DELETE /api/account': {
    phase: 3,
    run: async (c) =>
      code(
        await c.req('DELETE', '/api/account', {
          body: { password: PASSWORD },
          ...(await ownSession(c)),
        }),
      ),
  },

  'GET /api/settings': { run: call('GET', () => '/api/settings') },
  'PUT /api/settings': {
    run: call(
      'PUT',
      () => '/api/settings',
      () => ({ bio: 'In the matrix' }),
    ),
  },
  'GET /api/settings/skills': { run: call('GET', () => '/api/settings/skills') },
  'PUT /api/settings/skills': {
    run: call(
      'PUT',
      () => '/api/settings/skills',
      () => ({ skills: [{ sport: 'Football', skill_level: 'beginner' }] }),
    ),
  },
  'GET /api/settings/availability': { run: call('GET', () => '/api/settings/availability') },
  'PUT /api/settings/availability': {
    run: call(
      'PUT',
      () => '/api/settings/availability',
      () => [{ day_of_week: 1, start_time: '18:00', end_time: '20:00' }],
    ),
  },
  // A new avatar deletes the old file, which the /uploads row reads: after the others.
  'POST /api/settings/avatar': {
    phase: 2,
    run: async (c) => code(await upload(c.token, 'avatar')),
  },
  'POST /api/settings/cover': { run: async (c) => code(await upload(c.token, 'cover')) },
  'GET /api/settings/public/:id': {
    run: call('GET', (c) => `/api/settings/public/${c.t.member.id}`),
  },

  // Nobody is in their own search.
  'GET /api/users/search': {
    run: holds<UserSearchResult>(
      (c) => `/api/users/search?q=${c.t.member.username}&limit=100`,
      (c) => c.t.member.id,
    ),
  },
  // Whose list holds the member the owner (and the suspended member) blocked.
  'GET /api/users/blocked': {
    run: holds<BlockedUser>(
      () => '/api/users/blocked',
      () => world.members.blocked.id,
    ),
  },
  'GET /api/users/:id': { run: call('GET', (c) => `/api/users/${c.t.member.id}`) },
  // The friend follows the owner and is followed by them (the suspended member, the same).
  "GET /api/users/:id · a third member's follow lists": {
    run: async (c) =>
      listed(await c.req<UserProfile>('GET', `/api/users/${world.friend.id}`), (b) =>
        [...b.followers, ...b.following].some((u) => u.id === c.t.member.id),
      ),
  },
  'GET /api/users/:id/followers': {
    run: async (c) =>
      listed(await c.req<UserSummary[]>('GET', `/api/users/${world.friend.id}/followers`), (b) =>
        b.some((u) => u.id === c.t.member.id),
      ),
  },
  'GET /api/users/:id/following': {
    run: async (c) =>
      listed(await c.req<UserSummary[]>('GET', `/api/users/${world.friend.id}/following`), (b) =>
        b.some((u) => u.id === c.t.member.id),
      ),
  },
  'POST /api/users/:id/follow': {
    phase: 2,
    run: async (c) => {
      const answer = code(await c.req('POST', `/api/users/${c.t.member.id}/follow`));
      await c.req('POST', `/api/users/${c.t.member.id}/unfollow`);
      return answer;
    },
  },
  'POST /api/users/:id/unfollow': {
    run: call('POST', (c) => `/api/users/${c.t.member.id}/unfollow`),
  },
  'POST /api/users/:id/block': {
    phase: 2,
    run: async (c) => {
      const answer = code(await c.req('POST', `/api/users/${c.t.member.id}/block`));
      // Undone, but for the blocker, whose block was there before.
      if (c.persona !== 'blocker') await c.req('POST', `/api/users/${c.t.member.id}/unblock`);
      return answer;
    },
  },
  // Unblocking lifts the caller's own block only: the owner's block of the blocked stands.
  'POST /api/users/:id/unblock': {
    phase: 2,
    run: async (c) => {
      const answer = code(await c.req('POST', `/api/users/${c.t.member.id}/unblock`));
      if (c.persona === 'blocker') await c.req('POST', `/api/users/${c.t.member.id}/block`);
      if (
        c.persona === 'blocked' &&
        (await c.req('GET', `/api/users/${c.t.member.id}`)).status !== 404
      )
        return `${answer}, and the owner's block was lifted`;
      return answer;
    },
  },
  'POST /api/users/:id/report': {
    run: call(
      'POST',
      (c) => `/api/users/${c.t.member.id}/report`,
      () => ({ reason: 'Matrix' }),
    ),
  },

  'GET /api/notifications': {
    run: holds<Notification>(
      () => '/api/notifications?limit=100',
      (c) => c.t.followNotification,
    ),
  },
  'GET /api/notifications/unread-count': {
    run: call('GET', () => '/api/notifications/unread-count'),
  },
  // Ids of others' notifications are ignored.
  'POST /api/notifications/mark-read': {
    phase: 2,
    run: async (c) => {
      const answer = code(
        await c.req('POST', '/api/notifications/mark-read', {
          body: { notificationIds: [c.t.followNotification] },
        }),
      );
      if (c.persona !== 'owner' && (await isRead(c.t.followNotification)))
        return `${answer}, and another's was marked read`;
      return answer;
    },
  },
  'POST /api/notifications/mark-all-read': {
    phase: 2,
    run: async (c) => {
      const answer = code(await c.req('POST', '/api/notifications/mark-all-read'));
      if (c.persona !== 'owner' && (await isRead(c.t.interestNotification)))
        return `${answer}, and another's was marked read`;
      return answer;
    },
  },
  'GET /api/notifications/settings': { run: call('GET', () => '/api/notifications/settings') },
  // The digest mail's unsubscribe link: its token decides, whoever (if anyone) is signed in.
  'GET /api/notifications/digest/unsubscribe': {
    run: call('GET', (c) => `/api/notifications/digest/unsubscribe?token=${c.t.digestToken}`),
  },
  'POST /api/notifications/digest/unsubscribe': {
    run: call('POST', (c) => `/api/notifications/digest/unsubscribe?token=${c.t.digestToken}`),
  },
  // The caller's own switch, one no other cell depends on.
  'PATCH /api/notifications/settings': {
    run: call(
      'PATCH',
      () => '/api/notifications/settings',
      () => ({ type: 'nearby_post', channel: 'digest', enabled: true }),
    ),
  },
  'GET /api/push/vapid-public-key': { run: call('GET', () => '/api/push/vapid-public-key') },
  // The caller's own device (one endpoint per persona); its keys are of the right form but no
  // device's, so a push to it fails before any request leaves.
  'POST /api/push/subscriptions': {
    run: call(
      'POST',
      () => '/api/push/subscriptions',
      (c) => ({
        endpoint: `https://push.example.test/matrix/${c.persona}`,
        expirationTime: null,
        keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA', auth: 'tBHItJI5svbpez7KI4CCXg' },
      }),
    ),
  },
  // Only the caller's own subscription of the endpoint goes (another member's stays: push.test).
  'DELETE /api/push/subscriptions': {
    run: call(
      'DELETE',
      () => '/api/push/subscriptions',
      (c) => ({ endpoint: `https://push.example.test/matrix/gone-${c.persona}` }),
    ),
  },

  // The persona's own conversation with the subject (from before a block or the suspension),
  // else the owner's with the friend.
  'GET /api/direct-messages/conversations': {
    run: holds<DirectConversation>(() => '/api/direct-messages/conversations', conversationOf),
  },
  // With the subject (the owner: with the friend): `in` when a conversation is shown.
  'GET /api/direct-messages/conversation/:otherUserId': {
    run: async (c) => {
      const other = c.persona === 'owner' ? world.friend.id : c.t.member.id;
      return listed(
        await c.req<{ conversationId: number | null }>(
          'GET',
          `/api/direct-messages/conversation/${other}`,
        ),
        (b) => b.conversationId !== null,
      );
    },
  },
  'POST /api/direct-messages/mark-read/:id': {
    run: call('POST', (c) => `/api/direct-messages/mark-read/${conversationOf(c)}`),
  },
  'GET /api/messages/direct/:id': {
    run: call('GET', (c) => `/api/messages/direct/${conversationOf(c)}`),
  },
  'GET /api/messages/unread-count': { run: call('GET', () => '/api/messages/unread-count') },

  'GET /api/messages/conversations': {
    run: async (c) =>
      listed(
        await c.req<{ groupChats: GroupChatSummary[] }>('GET', '/api/messages/conversations'),
        (b) => ids(b.groupChats).includes(c.t.chat),
      ),
  },
  'GET /api/messages/group/:id': { run: call('GET', (c) => `/api/messages/group/${c.t.chat}`) },
  'POST /api/messages/group/:id/mark-read': {
    run: call('POST', (c) => `/api/messages/group/${c.t.chat}/mark-read`),
  },

  // The feed holds others' games only.
  'GET /api/posts': {
    run: holds<Post>(
      (c) => `/api/posts?tags=${c.t.tag}&limit=100`,
      (c) => c.t.game,
    ),
  },
  'POST /api/posts': {
    run: call(
      'POST',
      () => '/api/posts',
      () => ({ ...FEED_POST, eventTime: new Date(Date.now() + DAY_MS).toISOString() }),
    ),
  },
  'GET /api/posts/my-posts': {
    run: holds<Post>(
      () => '/api/posts/my-posts',
      (c) => c.t.game,
    ),
  },
  'GET /api/posts/joined': {
    run: holds<Post>(
      () => '/api/posts/joined',
      (c) => c.t.joinedGame,
    ),
  },
  'GET /api/posts/user/:id': {
    run: holds<Post>(
      (c) => `/api/posts/user/${c.t.member.id}?limit=100`,
      (c) => c.t.game,
    ),
  },
  'GET /api/posts/user/:id · activity private': {
    run: async (c) => {
      const { member, token } = privateTarget(c);
      return code(await c.req('GET', `/api/posts/user/${member.id}`, token ? { token } : {}));
    },
  },
  'GET /api/posts/:id': { public: true, run: call('GET', (c) => `/api/posts/${c.t.game}`) },
  'DELETE /api/posts/:id': {
    run: async (c) => {
      const id = c.persona === 'owner' ? await fresh.post(c.t.member) : c.t.game;
      return code(await c.req('DELETE', `/api/posts/${id}`));
    },
  },
  // The owner edits a game made for the cell; the others try the owner's game.
  'PATCH /api/posts/:id': {
    run: async (c) => {
      const id = c.persona === 'owner' ? await fresh.post(c.t.member) : c.t.game;
      return code(await c.req('PATCH', `/api/posts/${id}`, { body: { heading: 'Renamed' } }));
    },
  },
  // The owner removes the friend from a game made for the cell; the others try to remove the
  // friend from the owner's game.
  'DELETE /api/posts/:id/players/:userId': {
    run: async (c) => {
      let id = c.t.game;
      if (c.persona === 'owner') {
        id = await fresh.post(c.t.member);
        await ok(
          server.request('POST', `/api/posts/${id}/interest`, { token: world.friend.token }),
        );
      }
      return code(await c.req('DELETE', `/api/posts/${id}/players/${world.friend.id}`));
    },
  },
  'POST /api/posts/:id/interest': {
    run: async (c) => {
      // A member who joins is in the owner's group chat: a game made for the cell.
      const joins = c.persona === 'stranger' || c.persona === 'operator';
      const id = joins ? await fresh.post(c.t.member) : c.t.game;
      return code(await c.req('POST', `/api/posts/${id}/interest`));
    },
  },
  // Only the friend joined: leaving is refused as not joined, or the game is not there.
  'DELETE /api/posts/:id/interest': {
    run: call('DELETE', (c) => `/api/posts/${c.t.game}/interest`),
  },
  // Nobody holds an offer in the owner's game: answered as no offer, or the game is not there
  // (offers-flow.test.ts takes offers through).
  'POST /api/posts/:id/offer/accept': {
    run: call('POST', (c) => `/api/posts/${c.t.game}/offer/accept`),
  },
  'POST /api/posts/:id/offer/decline': {
    run: call('POST', (c) => `/api/posts/${c.t.game}/offer/decline`),
  },
  'GET /api/posts/:id/calendar.ics': {
    run: call('GET', (c) => `/api/posts/${c.t.game}/calendar.ics`),
  },
  // The share card is the signed-out view, whoever asks (a link crawler sends no token).
  'GET /api/posts/:id/card.png': {
    public: true,
    run: call('GET', (c) => `/api/posts/${c.t.game}/card.png`),
  },
  // The secret address is the key; no token is read.
  'GET /api/calendar/:file': { run: call('GET', (c) => `/api/calendar/${c.t.calendarFile}`) },
  'GET /api/settings/calendar-feed': { run: call('GET', () => '/api/settings/calendar-feed') },
  // A new secret stops the old one, which the calendar row reads: after the others.
  'POST /api/settings/calendar-feed': {
    phase: 2,
    run: call('POST', () => '/api/settings/calendar-feed'),
  },

  'GET /api/reviews': {
    run: async (c) =>
      reviewListed(
        await c.req<Review[]>('GET', `/api/reviews?category=${c.t.reviewBody.category}&limit=100`),
        c.t.review,
        c.t.member.id,
      ),
  },
  // A member whose activity is private: their review is listed without its author.
  'GET /api/reviews · activity private': {
    run: async (c) => {
      const { member, review, category, token } = privateTarget(c);
      return reviewListed(
        await c.req<Review[]>(
          'GET',
          `/api/reviews?category=${category}&limit=100`,
          token ? { token } : {},
        ),
        review,
        member.id,
      );
    },
  },
  'POST /api/reviews': {
    run: call(
      'POST',
      () => '/api/reviews',
      () => ({ rating: 3, category: 'general', title: 'Matrix', content: 'Fine', tags: [] }),
    ),
  },
  'GET /api/reviews/my-reviews': {
    run: holds<Review>(
      () => '/api/reviews/my-reviews?limit=100',
      (c) => c.t.review,
    ),
  },
  // The owner's reviews are the only ones of their category (the suspended member's of theirs).
  'GET /api/reviews/stats': {
    run: async (c) =>
      listed(
        await c.req<ReviewStats>('GET', `/api/reviews/stats?category=${c.t.reviewBody.category}`),
        (b) => b.count > 0,
      ),
  },
  'PUT /api/reviews/:id': {
    run: call(
      'PUT',
      (c) => `/api/reviews/${c.t.review}`,
      (c) => c.t.reviewBody,
    ),
  },
  'DELETE /api/reviews/:id': {
    run: async (c) => {
      const id = c.persona === 'owner' ? await fresh.review(c.t.member) : c.t.review;
      return code(await c.req('DELETE', `/api/reviews/${id}`));
    },
  },
  'GET /api/users/:id/reviews': {
    run: holds<Review>(
      (c) => `/api/users/${c.t.member.id}/reviews?limit=100`,
      (c) => c.t.review,
    ),
  },
  'GET /api/users/:id/reviews · activity private': {
    run: async (c) => {
      const { member, token } = privateTarget(c);
      return code(await c.req('GET', `/api/users/${member.id}/reviews`, token ? { token } : {}));
    },
  },
  'POST /api/reviews/:id/report': {
    run: call(
      'POST',
      (c) => `/api/reviews/${c.t.review}/report`,
      () => ({ reason: 'Matrix' }),
    ),
  },

  // The thread of the subject's game: `in` when it holds the subject's own comment.
  'GET /api/posts/:id/comments': {
    public: true,
    run: async (c) =>
      listed(await c.req<CommentThread>('GET', `/api/posts/${c.t.game}/comments?limit=100`), (b) =>
        ids(b.comments).includes(c.t.comment),
      ),
  },
  'POST /api/posts/:id/comments': {
    run: call(
      'POST',
      (c) => `/api/posts/${c.t.game}/comments`,
      () => ({ content: 'Matrix question' }),
    ),
  },
  // The host deletes a comment the friend wrote for the cell; the others try the host's own.
  'DELETE /api/posts/:id/comments/:commentId': {
    run: async (c) => {
      const id =
        c.persona === 'owner'
          ? (
              await ok<Comment>(
                server.request('POST', `/api/posts/${c.t.game}/comments`, {
                  token: world.friend.token,
                  body: { content: 'Matrix fresh comment' },
                }),
                201,
              )
            ).id
          : c.t.comment;
      return code(await c.req('DELETE', `/api/posts/${c.t.game}/comments/${id}`));
    },
  },
  'POST /api/comments/:id/report': {
    run: call(
      'POST',
      (c) => `/api/comments/${c.t.comment}/report`,
      () => ({ reason: 'Matrix' }),
    ),
  },

  // The cost split of the subject's game, joined by the friend: only its host and joined players
  // see it. The host's writes act on a game made for the cell, with their UPI ID saved.
  'GET /api/posts/:id/cost': { run: call('GET', (c) => `/api/posts/${c.t.game}/cost`) },
  'PUT /api/posts/:id/cost': {
    run: async (c) =>
      code(
        await c.req('PUT', `/api/posts/${await costGame(c)}/cost`, {
          body: { kind: 'total', amountPaise: 150_000 },
        }),
      ),
  },
  'DELETE /api/posts/:id/cost': {
    run: async (c) => code(await c.req('DELETE', `/api/posts/${await costGame(c)}/cost`)),
  },
  // The host collects: their own "paid" mark is refused as such.
  'POST /api/posts/:id/cost/paid': {
    run: call('POST', (c) => `/api/posts/${c.t.game}/cost/paid`),
  },
  'DELETE /api/posts/:id/cost/paid': {
    run: call('DELETE', (c) => `/api/posts/${c.t.game}/cost/paid`),
  },
  // The host confirms the friend's mark on a game made for the cell.
  'PUT /api/posts/:id/cost/payments/:userId': {
    run: async (c) => {
      let id = c.t.game;
      if (c.persona === 'owner') {
        id = await costGame(c);
        await ok(
          server.request('POST', `/api/posts/${id}/interest`, { token: world.friend.token }),
        );
        await ok(
          server.request('PUT', `/api/posts/${id}/cost`, {
            token: c.t.member.token,
            body: { kind: 'total', amountPaise: 150_000 },
          }),
        );
        await ok(
          server.request('POST', `/api/posts/${id}/cost/paid`, { token: world.friend.token }),
        );
      }
      return code(
        await c.req('PUT', `/api/posts/${id}/cost/payments/${world.friend.id}`, {
          body: { confirmed: true },
        }),
      );
    },
  },
  'GET /api/settings/upi': { run: call('GET', () => '/api/settings/upi') },
  'PUT /api/settings/upi': {
    run: call(
      'PUT',
      () => '/api/settings/upi',
      () => ({ upiId: 'matrix@okaxis' }),
    ),
  },
  // The owner's cost cells need their UPI ID: forgetting it waits for them.
  'DELETE /api/settings/upi': { phase: 2, run: call('DELETE', () => '/api/settings/upi') },
  // Trust between players on the subject's upcoming game (the friend holds a place): `in` when
  // the viewer gets its players (its host and players only), and the windows not yet open.
  'GET /api/posts/:id/trust': {
    run: async (c) =>
      listed(await c.req<GameTrust>('GET', `/api/posts/${c.t.game}/trust`), (b) =>
        b.players.some((p) => p.user.id === world.friend.id),
      ),
  },
  'POST /api/posts/:id/check-in': {
    run: call(
      'POST',
      (c) => `/api/posts/${c.t.game}/check-in`,
      () => ({ lat: GAME_POINT[1], lng: GAME_POINT[0], accuracy: 10 }),
    ),
  },
  'PUT /api/posts/:id/players/:userId/attendance': {
    run: call(
      'PUT',
      (c) => `/api/posts/${c.t.game}/players/${world.friend.id}/attendance`,
      () => ({ status: 'checked_in' }),
    ),
  },
  'POST /api/posts/:id/no-show/dispute': {
    run: call('POST', (c) => `/api/posts/${c.t.game}/no-show/dispute`),
  },
  'PUT /api/posts/:id/ratings/:userId': {
    run: call(
      'PUT',
      (c) => `/api/posts/${c.t.game}/ratings/${world.friend.id}`,
      () => ({ level: 'advanced' }),
    ),
  },
  // No rating is given before a game starts: none is there for anyone to report.
  'POST /api/ratings/:id/report': {
    run: call(
      'POST',
      () => '/api/ratings/1/report',
      () => ({ reason: 'Matrix' }),
    ),
  },
  // No minimums: joining the subject's game stays as the other cells expect.
  'PUT /api/posts/:id/minimums': {
    run: call(
      'PUT',
      (c) => `/api/posts/${c.t.game}/minimums`,
      () => ({ min_show_up_percent: null, min_level: null }),
    ),
  },
  'GET /api/users/:id/trust': {
    run: async (c) => {
      const res = await c.req<UserTrust>('GET', `/api/users/${c.t.member.id}/trust`);
      return res.status === 200 ? (res.body.hidden ? 'hidden' : 'shown') : code(res);
    },
  },
  'GET /api/users/:id/trust · activity private': {
    run: async (c) => {
      const { member, token } = privateTarget(c);
      const res = await c.req<UserTrust>(
        'GET',
        `/api/users/${member.id}/trust`,
        token ? { token } : {},
      );
      return res.status === 200 ? (res.body.hidden ? 'hidden' : 'shown') : code(res);
    },
  },

  // Series: only the host changes one (a series of the owner's made for each of their writes);
  // a series is hidden where its host's games are (a block either way, a suspended host).
  // The owner makes a new game of theirs repeat; the others try the subject's game.
  'POST /api/series': {
    run: async (c) => {
      const postId = c.persona === 'owner' ? await fresh.post(c.t.member) : c.t.game;
      return code(await c.req('POST', '/api/series', { body: { postId, everyWeeks: 1 } }));
    },
  },
  // `in` when the viewer gets the series with its regulars (the friend): its host only.
  'GET /api/posts/:id/series': {
    run: async (c) => {
      const res = await c.req<PostSeriesResponse>('GET', `/api/posts/${c.t.series.game}/series`);
      if (res.status !== 200) return code(res);
      if (res.body.series === null) return 'no series';
      return res.body.series.regulars.some((r) => r.id === world.friend.id) ? 'in' : 'out';
    },
  },
  // Each member is offered a place in the subject's held game (one offered before a block or
  // the host's suspension still answers 404); the host holds none.
  'POST /api/series/claims/:id': {
    run: async (c) => {
      if (c.actor && c.persona !== 'owner') await offerPlace(c.t.series.held, c.actor.id);
      return code(
        await c.req('POST', `/api/series/claims/${c.t.series.held}`, {
          body: { answer: 'claim' },
        }),
      );
    },
  },
  'POST /api/series/:id/skip': {
    run: async (c) => {
      const series = await seriesFor(c);
      return code(
        await c.req('POST', `/api/series/${series.id}/skip`, { body: { slot: series.slot } }),
      );
    },
  },
  'PATCH /api/series/:id': {
    run: async (c) => {
      const series = await seriesFor(c);
      return code(
        await c.req('PATCH', `/api/series/${series.id}`, {
          body: { from: series.slot, description: 'Matrix series edit' },
        }),
      );
    },
  },
  'POST /api/series/:id/end': {
    run: async (c) => code(await c.req('POST', `/api/series/${(await seriesFor(c)).id}/end`)),
  },
  // The friend played the first game of the owner's new series (started, as time would).
  'POST /api/series/:id/regulars': {
    run: async (c) => {
      const series = await seriesFor(c);
      if (c.persona === 'owner') await server.startGame(series.game);
      return code(
        await c.req('POST', `/api/series/${series.id}/regulars`, {
          body: { userId: world.friend.id },
        }),
      );
    },
  },
  'DELETE /api/series/:id/regulars/:userId': {
    run: async (c) =>
      code(
        await c.req('DELETE', `/api/series/${(await seriesFor(c)).id}/regulars/${world.friend.id}`),
      ),
  },
  'GET /api/series/:id/calendar.ics': {
    run: call('GET', (c) => `/api/series/${c.t.series.id}/calendar.ics`),
  },

  // One's own earlier places (at their games' exact points) come first for oneself only.
  'GET /api/places/autocomplete': {
    run: async (c) =>
      listed(
        await c.req<Place[]>('GET', `/api/places/autocomplete?q=${encodeURIComponent(c.t.place)}`),
        (b) =>
          b.some(
            (p) =>
              p.name.startsWith(c.t.place) &&
              p.coordinates[0] === GAME_POINT[0] &&
              p.coordinates[1] === GAME_POINT[1],
          ),
      ),
  },
  // Reverse lookup reads the offline gazetteer, which may be still loading (503). The first
  // lookup may build it on the main thread: alone, so no other cell waits on it.
  'GET /api/places/reverse': {
    phase: 2,
    run: call('GET', () => `/api/places/reverse?lat=${GAME_POINT[1]}&lng=${GAME_POINT[0]}`),
  },

  'GET /api/events': {
    public: true,
    run: holds<SportsEvent>(
      (c) => `/api/events?date=${c.t.eventDay}&tz=UTC&limit=100`,
      (c) => c.t.event,
    ),
  },
  'POST /api/events': {
    run: call(
      'POST',
      () => '/api/events',
      () => eventBody(1, 'A matrix event'),
    ),
  },
  'GET /api/events/:id': { public: true, run: call('GET', (c) => `/api/events/${c.t.event}`) },
  'PUT /api/events/:id': {
    run: call(
      'PUT',
      (c) => `/api/events/${c.t.event}`,
      (c) => c.t.eventBody,
    ),
  },
  'DELETE /api/events/:id': {
    run: async (c) => {
      const id = c.persona === 'owner' ? await fresh.event(c.t.member) : c.t.event;
      return code(await c.req('DELETE', `/api/events/${id}`));
    },
  },
  'POST /api/events/:id/report': {
    run: call(
      'POST',
      (c) => `/api/events/${c.t.event}/report`,
      () => ({ reason: 'Matrix' }),
    ),
  },
  'GET /api/events/:id/registrations': {
    run: call('GET', (c) => `/api/events/${c.t.event}/registrations`),
  },
  'GET /api/events/:id/calendar.ics': {
    public: true,
    run: call('GET', (c) => `/api/events/${c.t.event}/calendar.ics`),
  },
  'POST /api/event-registrations': {
    run: async (c) => {
      // A registration takes a place: an event made for the cell where one is taken.
      const registers = c.persona === 'stranger' || c.persona === 'operator';
      const id = registers ? await fresh.event(c.t.member) : c.t.event;
      return code(
        await c.req('POST', '/api/event-registrations', {
          body: { event_id: id, name: 'Matrix team', phone: PHONE },
        }),
      );
    },
  },
  'DELETE /api/event-registrations/:id': {
    run: async (c) => {
      const id = c.persona === 'owner' ? await fresh.registration(c.t.member) : c.t.registration;
      return code(await c.req('DELETE', `/api/event-registrations/${id}`));
    },
  },

  // The organizer invites a member made for the cell (the friend is registered already).
  'POST /api/events/:id/invitations': {
    run: async (c) => {
      const invitee = c.persona === 'owner' ? await signUp(unique('mx_invitee')) : world.friend;
      return code(
        await c.req('POST', `/api/events/${c.t.event}/invitations`, {
          body: { user_id: invitee.id },
        }),
      );
    },
  },
  // One's own invitations only: the owner's invitation from the friend.
  'GET /api/event-invitations': {
    run: async (c) => {
      const id = await fresh.invitation(c.t.member);
      return listed(await c.req<{ id: number }[]>('GET', '/api/event-invitations'), (body) =>
        ids(body).includes(id),
      );
    },
  },
  'POST /api/event-invitations/:id/accept': {
    run: async (c) =>
      code(
        await c.req('POST', `/api/event-invitations/${await fresh.invitation(c.t.member)}/accept`),
      ),
  },
  'POST /api/event-invitations/:id/decline': {
    run: async (c) =>
      code(
        await c.req('POST', `/api/event-invitations/${await fresh.invitation(c.t.member)}/decline`),
      ),
  },

  'GET /api/admin/reports': {
    run: holds<AdminReport>(
      () => '/api/admin/reports?limit=100',
      () => world.report,
    ),
  },
  'POST /api/admin/reports/:id/dismiss': {
    run: async (c) => {
      const id = c.persona === 'operator' ? await fresh.report() : world.report;
      return code(await c.req('POST', `/api/admin/reports/${id}/dismiss`));
    },
  },
  // The operator suspends a member made for the cell, not the owner.
  'POST /api/admin/users/:id/suspend': {
    run: async (c) => {
      const id = c.persona === 'operator' ? (await signUp(unique('mx_target'))).id : c.t.member.id;
      return code(await c.req('POST', `/api/admin/users/${id}/suspend`));
    },
  },
  'POST /api/admin/users/:id/suspend · another operator': {
    run: call('POST', () => `/api/admin/users/${world.operator2.id}/suspend`),
  },
  'POST /api/admin/users/:id/unsuspend': {
    run: call('POST', (c) => `/api/admin/users/${c.t.member.id}/unsuspend`),
  },

  // `join` claims the owner's id; the socket stays the caller's: only the owner then gets into
  // the owner's chat.
  'socket join': {
    run: async (c) => {
      const socket = await c.socket();
      if (!socket) return 'refused';
      socket.emit('join', c.t.member.id);
      const answer = await emitAck<{ success: boolean }>(socket, 'joinGroupChat', c.t.chat);
      return answer.success ? 'ack' : 'nak';
    },
  },
  'socket joinGroupChat': { run: acked('joinGroupChat', (c) => c.t.chat) },
  'socket leaveGroupChat': { run: acked('leaveGroupChat', (c) => c.t.chat) },
  // A new conversation changes what the conversation rows see: after them.
  'socket sendDirectMessage': {
    phase: 2,
    run: acked('sendDirectMessage', (c) => ({ recipientId: c.t.member.id, content: 'Matrix hi' })),
  },
  'socket sendGroupMessage': {
    run: acked('sendGroupMessage', (c) => ({ groupChatId: c.t.chat, content: 'Matrix hi' })),
  },
  'socket directTyping': {
    phase: 2,
    run: typing(
      (socket, c) => socket.emit('directTyping', { recipientId: c.t.member.id, isTyping: true }),
      (c) => ({
        name: 'owner',
        event: 'userDirectTyping',
        seen: ownerHeardDirect,
        match: (e: { userId: number; isTyping: boolean }) => e.userId === c.actor!.id && e.isTyping,
      }),
    ),
  },
  'socket groupTyping': {
    phase: 2,
    run: typing(
      (socket, c) => socket.emit('groupTyping', { groupChatId: c.t.chat, isTyping: true }),
      (c) => ({
        name: 'friend',
        event: 'userGroupTyping',
        seen: friendHeardGroup,
        match: (e: { groupChatId: number; userId: number }) =>
          e.userId === c.actor!.id && e.groupChatId === c.t.chat,
      }),
    ),
  },
};

/** The address a recovery cell works on: the suspended member's for those two, else the owner's. */
function recoveryAddress(c: Cell): string {
  return c.persona === 'suspended' || c.persona === 'absent'
    ? world.absent.member.email
    : world.owner.member.email;
}

/** Whether session `token` still answers. */
async function sessionLives(token: string): Promise<boolean> {
  return (await server.request('GET', '/api/auth/me', { token })).status === 200;
}

/** {@link MATRIX} parsed: one row per line, joined with its {@link CELLS} runner. */
const ROWS: Row[] = MATRIX.trim()
  .split('\n')
  .slice(1)
  .filter((line) => line.trim() !== '')
  .map((line) => {
    const [name, ...expect] = line.trim().split(/\s{2,}/);
    const runner = CELLS[name!];
    if (!runner) throw new Error(`no CELLS entry for the MATRIX row ${name}`);
    if (expect.length !== PERSONAS.length)
      throw new Error(`${name}: ${expect.length} outcomes for ${PERSONAS.length} personas`);
    return { name: name!, expect, ...runner };
  });

// ---------------------------------------------------------------------------------------------
// Running cells

const MEMBER_OF: Record<Persona, () => Member | null> = {
  anon: () => null,
  bad: () => null,
  stranger: () => world.members.stranger,
  blocked: () => world.members.blocked,
  blocker: () => world.members.blocker,
  suspended: () => world.members.suspended,
  absent: () => world.members.stranger,
  owner: () => world.owner.member,
  operator: () => world.members.operator,
};

/** The cell of `persona`, with `token` instead of the persona's own when given. */
function cellFor(persona: Persona, expected: string, sessionToken?: string): Cell {
  const actor = MEMBER_OF[persona]();
  const token = sessionToken ?? (persona === 'bad' ? BAD_TOKEN : actor?.token);
  const socketName = persona === 'absent' ? 'stranger' : persona;
  return {
    persona,
    token,
    actor,
    t: persona === 'absent' ? world.absent : world.owner,
    expected,
    req: (method, urlPath, options = {}) => {
      const sent = options.token === null ? undefined : (options.token ?? token);
      return server.request(method, urlPath, {
        ...(options.body === undefined ? {} : { body: options.body }),
        ...(sent === undefined ? {} : { token: sent }),
      });
    },
    async socket() {
      const open = sockets.get(socketName);
      if (open) return open;
      try {
        return await server.connect(token);
      } catch (error) {
        if ((error as Error).message !== 'unauthorized') throw error;
        return null;
      }
    },
  };
}

async function runCell(row: Row, persona: Persona, expected: string): Promise<string | null> {
  const key = `${row.name} × ${persona}`;
  let outcome = expected;
  if (expected !== '=' && expected !== '-') {
    try {
      const cell = cellFor(persona, expected);
      outcome = await row.run(cell);
      if (persona === 'suspended') {
        const raced = await row.run(cellFor(persona, expected, world.racedSession));
        if (raced !== outcome) outcome = `${outcome}, with the raced session ${raced}`;
      }
      if (row.public && persona === 'absent') {
        const signedOut = await row.run({
          ...cell,
          token: undefined,
          req: (method, url, options = {}) => cell.req(method, url, { ...options, token: null }),
        });
        if (signedOut !== outcome) outcome = `${outcome}, signed out ${signedOut}`;
      }
    } catch (error) {
      outcome = `error: ${(error as Error).message.slice(0, 300)}`;
    }
  }
  const matches = expected.split('|').includes(outcome);
  const pending = PENDING[key];
  let shown = outcome;
  let failure: string | null = null;
  if (pending !== undefined && matches) {
    failure = `${key}: answers ${outcome} as expected now; take it off PENDING (${pending})`;
    shown = `✗${outcome}`;
  } else if (pending !== undefined) {
    pendingSeen.push(`${key}: expected ${expected}, answered ${outcome} (awaits ${pending})`);
    shown = `⧗${outcome}`;
  } else if (!matches) {
    failure = `${key}: expected ${expected}, answered ${outcome}`;
    shown = `✗${outcome}`;
  }
  observed.set(
    row.name,
    (observed.get(row.name) ?? new Map<Persona, string>()).set(persona, shown),
  );
  return failure;
}

/** Runs `tasks` with at most `limit` at once; the failures they report. */
async function pool(tasks: (() => Promise<string | null>)[], limit: number): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const failure = await tasks[next++]!();
        if (failure) failures.push(failure);
      }
    }),
  );
  return failures;
}

/** The phase's cells: concurrently (phase 1), or one at a time with the owner's last. */
async function runPhase(phase: 1 | 2 | 3): Promise<string[]> {
  const rows = ROWS.filter((row) => (row.phase ?? 1) === phase);
  const order = [...PERSONAS.filter((p) => p !== 'owner'), 'owner' as const];
  const tasks = rows.flatMap((row) =>
    order.map((persona) => () => runCell(row, persona, row.expect[PERSONAS.indexOf(persona)]!)),
  );
  return pool(tasks, phase === 1 ? 6 : 1);
}

describe('the authorization matrix', () => {
  it('has a row for every route the app registers and every client socket event, and no other', () => {
    const routes = routeTable(server.routes).map((route) => `${route.method} ${route.url}`);
    const events = [...Object.keys(clientEventSchemas), 'join'].map((event) => `socket ${event}`);
    const known = new Set([...routes, ...events]);
    const rows = new Set(ROWS.map((row) => row.name.split(' · ')[0]!));
    expect([...known].filter((name) => !rows.has(name))).toEqual([]);
    expect([...rows].filter((name) => !known.has(name))).toEqual([]);
    expect(Object.keys(CELLS).filter((name) => !ROWS.some((row) => row.name === name))).toEqual([]);
  });

  it('answers every cell that changes nothing others see, concurrently', async () => {
    expect(await runPhase(1)).toEqual([]);
  }, 120_000);

  it('then, one at a time, the cells that change what others see, each undone', async () => {
    expect(await runPhase(2)).toEqual([]);
  }, 120_000);

  it('last, the cells that end sessions and accounts', async () => {
    expect(await runPhase(3)).toEqual([]);
  }, 120_000);
});

/**
 * In-process domain events (ARCHITECTURE.md "How a request flows"): services emit, the
 * realtime dispatcher and the notifications and chats modules subscribe, so features do not
 * import each other. A subscriber that fails is logged and counted ({@link HandlerFailures}),
 * never passed back to the action that raised the event.
 */
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type {
  DirectMessage,
  GroupChatSummary,
  GroupMessage,
  Notification,
  UserRef,
} from '@gameon/shared';

export interface DomainEvents {
  /** A group message was stored; `recipientIds`: the members who see it (no block with the sender). */
  'message.group.created': { message: GroupMessage; recipientIds: number[] };
  /**
   * `actorId` joined or left the group chat of a game: each of `views` is the chat as
   * its member sees it (a member who left, or whom the host removed, sees it read-only).
   */
  'chat.membership.changed': {
    groupChatId: number;
    actorId: number;
    views: { userId: number; chat: GroupChatSummary }[];
  };
  /** These sessions were revoked (logout, reset, password change): drop their sockets. */
  'session.revoked': { sessionIds: number[] };
  /** A member expressed interest in a post and is now in its group chat (first time only). */
  'post.interest': {
    postId: number;
    heading: string;
    authorId: number;
    user: UserRef;
    groupChatId: number;
  };
  /** A joined or waitlisted member left a game and its chat: the host is told. */
  'post.left': { postId: number; heading: string; authorId: number; user: UserRef };
  /**
   * The host removed `userId` (joined or waitlisted) from a game and its chat (which stays
   * read-only to them): the member is told privately.
   */
  'post.player_removed': { postId: number; heading: string; authorId: number; userId: number };
  /**
   * The host edited an upcoming game; `changes` names what changed (`heading`, `description`,
   * `tags`, `time`, `place`, `players`), `summary` says it in words ("the time and the place"),
   * `memberIds` the joined and waitlisted members to tell.
   */
  'post.updated': {
    postId: number;
    heading: string;
    authorId: number;
    changes: string[];
    summary: string;
    memberIds: number[];
  };
  /** A left place went to the first waitlisted member, `userId`. */
  'post.promoted': { postId: number; heading: string; userId: number; groupChatId: number };
  /**
   * A freed place is offered to the waitlisted member `userId`, held until `expiresAt` (UTC ISO;
   * modules/posts/offers.service.ts).
   */
  'post.offered': { postId: number; heading: string; userId: number; expiresAt: string };
  /**
   * `userId`'s hold on an offered place ended unanswered: they left the waitlist and the place
   * passed on, or (`started`) the game started and they wait again.
   */
  'post.offer_expired': { postId: number; heading: string; userId: number; started: boolean };
  /** `userId` accepted the place offered to them in game `postId`: they are joined. */
  'post.offer_accepted': { postId: number; heading: string; authorId: number; userId: number };
  /**
   * The author deleted a game before it started; `memberIds`: the joined and
   * waitlisted members to tell, `groupChatId` its chat (null when nobody had joined).
   */
  'post.cancelled': {
    postId: number;
    heading: string;
    authorId: number;
    memberIds: number[];
    groupChatId: number | null;
  };
  /**
   * The organizer cancelled an event; `memberIds`: the members who had registered,
   * to tell.
   */
  'event.cancelled': { eventId: number; title: string; organizer: UserRef; memberIds: number[] };
  /**
   * An operator suspended the organizer, so the event is closed while the suspension lasts;
   * `memberIds`: the members who had registered, to tell.
   */
  'event.closed': { eventId: number; title: string; organizerId: number; memberIds: number[] };
  /**
   * The organizer invited `inviteeId` to an event (a new invitation, never for a member whose
   * `event_invitations` is `block`); `autoAccepted` when their setting accepted it at once.
   */
  'event.invited': {
    invitationId: number;
    eventId: number;
    title: string;
    organizer: UserRef;
    inviteeId: number;
    autoAccepted: boolean;
  };
  /** An event was created, or its organizer edited it: its start is `startsAt` (UTC ISO). */
  'event.scheduled': { eventId: number; organizerId: number; startsAt: string };
  /** `userId` registered a team for event `eventId`. */
  'event.registered': { eventId: number; userId: number };
  /** A member started following another (not on a repeated follow). */
  'follow.created': { follower: UserRef; followeeId: number };
  /**
   * A post was created; `publicPoint` is the point others see of it ([lng, lat]: exact, snapped
   * to the ~1 km grid for `general` location sharing, null for `hidden`), never the exact point
   * of a game whose host hides it.
   */
  'post.created': {
    post: { id: number; sport: string; heading: string; publicPoint: [number, number] | null };
    author: UserRef;
  };
  /**
   * A direct message was stored, with the recipient's message notification stored in the same
   * transaction (null when the recipient turned the `app` channel of messages off).
   */
  'message.direct.created': {
    message: DirectMessage;
    recipientId: number;
    notification: Notification | null;
  };
  /**
   * `readerId` read a conversation up to `lastReadMessageId`; `otherId` (null once that member
   * deleted their account) is told.
   */
  'messages.read': {
    conversationId: number;
    readerId: number;
    lastReadMessageId: number;
    otherId: number | null;
  };
  /** A notification was stored for `userId`: push it to their sockets. */
  'notification.created': { userId: number; notification: Notification };
  /**
   * `author` commented on game `postId` hosted by `hostId`; when the host wrote it,
   * `answeredIds` are the members whose comments it answers (written since the host's previous
   * comment there), else empty.
   */
  'comment.created': {
    postId: number;
    heading: string;
    hostId: number;
    commentId: number;
    author: UserRef;
    answeredIds: number[];
  };
  /** The host of game `postId` marked player `userId` a no-show. */
  'trust.no_show_marked': { postId: number; heading: string; hostId: number; userId: number };
  /** Player `user` disputed the no-show mark of the host `hostId` of game `postId`. */
  'trust.no_show_disputed': { postId: number; heading: string; hostId: number; user: UserRef };
  /**
   * A notification for `userId` whose `push` switch of its type is on (stored in the app or
   * not): the push module sends it to their devices. `live`: an open tab of theirs shows it as
   * it happens (stored and announced, or a direct message), so no push is needed while they
   * have one open.
   */
  'notification.push': {
    userId: number;
    notification: Pick<Notification, 'type' | 'message' | 'data'>;
    live: boolean;
  };
}

/** The member an event is about (who acted, or who is told), for the failure log. */
const memberOf: { [K in keyof DomainEvents]: (payload: DomainEvents[K]) => number | null } = {
  'message.group.created': ({ message }) => message.sender_id,
  'chat.membership.changed': ({ actorId }) => actorId,
  'session.revoked': () => null,
  'post.interest': ({ user }) => user.id,
  'post.left': ({ user }) => user.id,
  'post.promoted': ({ userId }) => userId,
  'post.offered': ({ userId }) => userId,
  'post.offer_expired': ({ userId }) => userId,
  'post.offer_accepted': ({ userId }) => userId,
  'post.player_removed': ({ authorId }) => authorId,
  'post.updated': ({ authorId }) => authorId,
  'post.cancelled': ({ authorId }) => authorId,
  'event.cancelled': ({ organizer }) => organizer.id,
  'event.closed': ({ organizerId }) => organizerId,
  'event.invited': ({ organizer }) => organizer.id,
  'event.scheduled': ({ organizerId }) => organizerId,
  'event.registered': ({ userId }) => userId,
  'follow.created': ({ follower }) => follower.id,
  'post.created': ({ author }) => author.id,
  'message.direct.created': ({ message }) => message.sender_id,
  'messages.read': ({ readerId }) => readerId,
  'notification.created': ({ userId }) => userId,
  'comment.created': ({ author }) => author.id,
  'notification.push': ({ userId }) => userId,
  'trust.no_show_marked': ({ hostId }) => hostId,
  'trust.no_show_disputed': ({ user }) => user.id,
};

/**
 * Failed event handlers (socket client events and domain-event subscribers): each
 * failure is logged at error level with its event name and member id, and counted per event.
 * Refusals a handler answers (an AppError in an acknowledgement) are not failures.
 */
export class HandlerFailures {
  private readonly counts = new Map<string, number>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Logs `error` as a failure of the handler of `event` acting for `memberId` and counts it. */
  record(event: string, memberId: number | null, error: unknown): void {
    this.counts.set(event, (this.counts.get(event) ?? 0) + 1);
    this.log.error({ err: error, event, memberId }, 'event handler failed');
  }

  /** How many handlers of `event` failed since start-up. */
  count(event: string): number {
    return this.counts.get(event) ?? 0;
  }
}

/**
 * A typed wrapper over EventEmitter; listeners start synchronously in emit order. A listener
 * that throws or whose promise rejects is recorded in `failures`; the other listeners and the
 * emitter carry on.
 */
export class DomainEventBus {
  private readonly emitter = new EventEmitter();
  /** Listener promises still running: what `settled()` waits for. */
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly failures: HandlerFailures) {}

  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends keyof DomainEvents>(
    name: K,
    listener: (payload: DomainEvents[K]) => void | Promise<void>,
  ): void {
    this.emitter.on(name, (payload: DomainEvents[K]) => {
      const fail = (error: unknown) => this.failures.record(name, memberOf[name](payload), error);
      try {
        const result = listener(payload);
        if (result instanceof Promise) {
          const run = result.catch(fail).finally(() => this.running.delete(run));
          this.running.add(run);
        }
      } catch (error) {
        fail(error);
      }
    });
  }

  /**
   * Resolves once every listener started so far, and every listener those started in turn, has
   * finished (failures are recorded, never thrown): shutdown waits for it before the database
   * closes, and tests wait for it before asserting what the subscribers did or did not do.
   */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}

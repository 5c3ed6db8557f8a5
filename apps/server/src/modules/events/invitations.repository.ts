/**
 * Queries for event invitations: one per member and event. "Open" (listed, and Accept works)
 * is one SQL rule here, so the list and the answers agree: the invitation is pending or
 * accepted, its event visible to the invitee (no block either way with the organizer, the
 * organizer not suspended), registration not past its deadline, places left, and the invitee
 * not registered; a pending one also closes once the invitee's `event_invitations` turns to
 * `block` (nothing from organizers reaches them any more).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, EventInvitationsTable } from '../../db/types.js';
import { presentTo } from '../access/index.js';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * Stores `inviteeId`'s invitation to `eventId` with `status` unless one exists already (a
 * repeated invitation changes nothing, however raced: the unique key).
 * @returns the new invitation's id, or undefined when there was one.
 */
export async function insertInvitation(
  db: Executor,
  row: { event_id: number; invitee_id: number; status: EventInvitationsTable['status'] },
  now: string,
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('event_invitations')
    .values({
      ...row,
      created_at: now,
      responded_at: row.status === 'pending' ? null : now,
    })
    .onConflict((oc) => oc.columns(['event_id', 'invitee_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** The open invitations of `inviteeId` at `now` (UTC ISO), as the module's header says. */
function open(db: Executor, inviteeId: number, now: string) {
  return db
    .selectFrom('event_invitations as i')
    .innerJoin('events as e', 'e.id', 'i.event_id')
    .where('i.invitee_id', '=', inviteeId)
    .where('i.status', 'in', ['pending', 'accepted'])
    .where('e.registration_deadline', '>', now)
    .where(presentTo(inviteeId, 'e.organizer_id'))
    .where(
      sql<boolean>`(select count(*) from event_registrations r where r.event_id = e.id) < e.max_participants`,
    )
    .where((eb) =>
      eb.or([
        eb('i.status', '=', 'accepted'),
        eb.not(
          eb.exists(
            eb
              .selectFrom('user_settings as s')
              .select('s.user_id')
              .where('s.user_id', '=', inviteeId)
              .where('s.event_invitations', '=', 'block'),
          ),
        ),
      ]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('event_registrations as mine')
            .select('mine.id')
            .whereRef('mine.event_id', '=', 'e.id')
            .where('mine.user_id', '=', inviteeId),
        ),
      ),
    );
}

/** `inviteeId`'s open invitations, newest first: each with its event's row. */
export async function listOpen(db: Executor, inviteeId: number, now: string) {
  return open(db, inviteeId, now)
    .selectAll('e')
    .select(['i.id as invitation_id', 'i.status', 'i.created_at as invited_at'])
    .orderBy('i.id', 'desc')
    .execute();
}

/** `inviteeId`'s invitation `id` when it is open: its event and status; else undefined. */
export function findOpen(db: Executor, inviteeId: number, id: number, now: string) {
  return open(db, inviteeId, now)
    .select(['i.id', 'i.event_id', 'i.status'])
    .where('i.id', '=', id)
    .executeTakeFirst();
}

/** `inviteeId`'s invitation `id`, whatever its state, or undefined (someone else's too). */
export function findOwn(db: Executor, inviteeId: number, id: number) {
  return db
    .selectFrom('event_invitations')
    .select(['id', 'event_id', 'status'])
    .where('id', '=', id)
    .where('invitee_id', '=', inviteeId)
    .executeTakeFirst();
}

/** Answers invitation `id` with `status` at `now` (UTC ISO). */
export async function answer(
  db: Executor,
  id: number,
  status: 'accepted' | 'declined',
  now: string,
): Promise<void> {
  await db
    .updateTable('event_invitations')
    .set({ status, responded_at: now })
    .where('id', '=', id)
    .execute();
}

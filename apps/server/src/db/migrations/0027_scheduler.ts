/**
 * The one scheduler of timed work (modules/scheduler) and the reminders before games and events
 * (modules/reminders).
 *
 * `scheduled_jobs`: one row per piece of due work, unique per `(kind, key)` (scheduling again
 * moves it), `due_at` UTC ISO text, `payload` JSON text. A process claims due rows by setting
 * `locked_by` (its random id) and `locked_until` (the lease) in one conditional update, runs
 * them, and deletes a row when its handler succeeds, unless it was rescheduled meanwhile
 * (`revision` goes up with every schedule). A failed run counts in `attempts`, keeps its error's
 * text in `last_error` and is due again later; `failed_at` marks a job given up on.
 *
 * `reminders_sent`: who was reminded of which game or event at which start time, so a member is
 * reminded once per start (a moved game reminds again), whichever process runs the reminder.
 * It goes with the member's account (ON DELETE CASCADE).
 *
 * Backfill: every game and event that starts later gets its reminder job, due at once when it
 * is already within its reminder's lead time. Additive: code without the scheduler runs on it.
 * Never edit once landed.
 */
import { type Kysely } from 'kysely';
import { idColumn } from './helpers.js';

const HOUR_MS = 3600 * 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('scheduled_jobs'), db)
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('key', 'varchar(128)', (c) => c.notNull())
    .addColumn('due_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('failed_at', 'varchar(32)')
    .addUniqueConstraint('scheduled_jobs_kind_key_unique', ['kind', 'key'])
    .execute();
  // The claim's lookup: the earliest due rows.
  await db.schema
    .createIndex('scheduled_jobs_due_at_idx')
    .on('scheduled_jobs')
    .column('due_at')
    .execute();

  await db.schema
    .createTable('reminders_sent')
    .addColumn('subject', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('starts_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminders_sent_pk', ['subject', 'subject_id', 'user_id', 'starts_at'])
    .execute();
  await db.schema
    .createIndex('reminders_sent_user_id_idx')
    .on('reminders_sent')
    .column('user_id')
    .execute();

  // Backfill the reminders of what starts later.
  const now = new Date();
  const nowIso = now.toISOString();
  const typed = db as unknown as Kysely<{
    posts: { id: number; event_time: string };
    events: { id: number; event_date: string };
    scheduled_jobs: { kind: string; key: string; due_at: string; payload: string };
  }>;
  const dueOf = (start: string, leadMs: number) =>
    new Date(Math.max(Date.parse(start) - leadMs, now.getTime())).toISOString();
  const games = await typed
    .selectFrom('posts')
    .select(['id', 'event_time'])
    .where('event_time', '>', nowIso)
    .execute();
  const events = await typed
    .selectFrom('events')
    .select(['id', 'event_date'])
    .where('event_date', '>', nowIso)
    .execute();
  const rows = [
    ...games.map((g) => ({
      kind: 'game-reminder',
      key: String(g.id),
      due_at: dueOf(g.event_time, 2 * HOUR_MS),
      payload: JSON.stringify({ postId: g.id }),
    })),
    ...events.map((e) => ({
      kind: 'event-reminder',
      key: String(e.id),
      due_at: dueOf(e.event_date, 24 * HOUR_MS),
      payload: JSON.stringify({ eventId: e.id }),
    })),
  ];
  for (let i = 0; i < rows.length; i += 500)
    await typed
      .insertInto('scheduled_jobs')
      .values(rows.slice(i, i + 500))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reminders_sent').ifExists().execute();
  await db.schema.dropTable('scheduled_jobs').ifExists().execute();
}

/**
 * Account deletion (CONTRACT.md `DELETE /account`): with the password, the member's
 * account, sessions (sockets disconnected), posts, reviews, comments on games, the events they
 * organize and their event registrations and invitations, the snapshots reports keep of what they wrote,
 * pictures, codes and every row keyed by their e-mail or phone go; their messages in others'
 * chats stay, shown as 'Deleted user'.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { verifyPassword } from '../../lib/crypto.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import type { DomainEventBus } from '../../lib/events.js';
import type { Storage } from '../../lib/storage.js';
import type { Principal } from '../../lib/principal.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { PostsService } from '../posts/posts.service.js';

export function createAccountService({
  db,
  events,
  storage,
  limiter,
  posts,
}: {
  db: Kysely<DB>;
  events: DomainEventBus;
  storage: Storage;
  /** Per-member write limits: password checks. */
  limiter: Pick<RateLimiter, 'write'>;
  /** Frees the member's places in upcoming games first, so each is offered to the next in line. */
  posts: Pick<PostsService, 'withdrawAllInterests'>;
}) {
  return {
    /**
     * @throws AppError 400 'Password is incorrect', 429 past the member's limit on password
     *   checks (shared with changing the password), so a stolen session cannot guess it.
     */
    async deleteAccount(
      principal: Principal,
      password: string,
    ): Promise<{ success: true; message: string }> {
      await limiter.write('password', principal.userId);
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', principal.userId)
        .executeTakeFirst();
      if (!user) throw unauthorized();
      if (!(await verifyPassword(user.password_hash, password))) {
        throw badRequest('Password is incorrect', [
          { field: 'password', message: 'Password is incorrect' },
        ]);
      }
      // Places are stored (joined, offered): freed as on leaving, so the waitlist is offered them.
      await posts.withdrawAllInterests(user.id);
      const settings = await db
        .selectFrom('user_settings')
        .select('cover_photo_url')
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      const sessions = await db.transaction().execute(async (trx) => {
        const ids = (
          await trx.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()
        ).map((s) => s.id);
        // Rows keyed by the e-mail rather than the account id.
        await trx.deleteFrom('otp_codes').where('email', '=', user.email).execute();
        await trx.deleteFrom('pending_signups').where('email', '=', user.email).execute();
        // Everything keyed by the account id goes by ON DELETE CASCADE (sessions, posts, tags,
        // interest, reviews with their tags, comments on games, follows, blocks, settings with the phone, skills,
        // availability, reset tokens, chat memberships, organized events with their
        // registrations and invitations, event registrations and invitations received, the snapshots of reports about them); messages and
        // reports keep their rows with a null author.
        await trx.deleteFrom('users').where('id', '=', user.id).execute();
        return ids;
      });
      if (sessions.length > 0) events.emit('session.revoked', { sessionIds: sessions });
      await Promise.all([
        storage.remove(user.profile_picture_url),
        storage.remove(settings?.cover_photo_url),
      ]);
      return { success: true, message: 'Your account has been deleted' };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

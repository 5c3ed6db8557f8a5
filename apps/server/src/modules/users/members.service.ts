/**
 * The member lookup: the one way other modules read a member's account row (username, bio,
 * e-mail, suspension) with their sports and tags. It needs nothing but the database, so it is
 * created first and every module that presents a member takes it as its `users` port.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import * as repo from './users.repository.js';

export type { Member } from './users.repository.js';

export function createMemberLookup({ db }: { db: Kysely<DB> }) {
  return {
    /** Members by id with their sports and tags, in the order of `ids` (unknown ids skipped). */
    members(ids: number[]): Promise<repo.Member[]> {
      return repo.findMembers(db, ids);
    },
  };
}

/** The port other modules declare for reading members (`users: MemberLookup`). */
export type MemberLookup = ReturnType<typeof createMemberLookup>;

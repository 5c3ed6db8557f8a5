/**
 * Community reviews (spec part 2 §3 Review, §5): one row per review, its tags in a
 * child table, both gone with the author's account (ON DELETE CASCADE, as posts). Indexes serve
 * the newest-first lists: every review, one category, one author. Never edit once landed.
 */
import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('reviews'), db)
    .addColumn('author_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)')
    .addCheckConstraint('reviews_rating_check', sql`rating between 1 and 5`)
    .execute();
  await db.schema
    .createIndex('reviews_created_at_idx')
    .on('reviews')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('reviews_category_created_at_idx')
    .on('reviews')
    .columns(['category', 'created_at', 'id'])
    .execute();
  // Also the index the cascade from users uses.
  await db.schema
    .createIndex('reviews_author_created_at_idx')
    .on('reviews')
    .columns(['author_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('review_tags')
    .addColumn('review_id', 'integer', (c) =>
      c.notNull().references('reviews.id').onDelete('cascade'),
    )
    .addColumn('tag', 'varchar(50)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('review_tags_pkey', ['review_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('review_tags').ifExists().execute();
  await db.schema.dropTable('reviews').ifExists().execute();
}

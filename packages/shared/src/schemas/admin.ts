/**
 * Reports and the operators who read them: members report members, reviews, events and comments
 * on games (`POST /users|reviews|events|comments/{id}/report`, body {@link reportBodySchema}); operators
 * (`ADMIN_EMAILS`) list open reports, dismiss them and suspend or unsuspend members.
 */
import { z } from 'zod';
import { pageQuerySchema, userRefSchema } from './common.js';
import { ratingSnapshotSchema } from './trust.js';

/** What a report is about. */
export const REPORT_TARGET_TYPES = ['member', 'review', 'event', 'comment', 'rating'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** A report's state: open until an operator dismisses it or acts on the member (suspends). */
export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * What a report was about, as it read when the report was filed, kept for the operator even once
 * its author edits or deletes it (until 90 days after the report is resolved, or until the
 * member deletes their account): a review's category, rating, title and text; an event's title,
 * description, sport, place and start (UTC ISO); a member's username, bio, sports and interests;
 * a comment's text with the id and title of the game it is on; a co-player's rating of a level
 * with its sport and the id and title of its game.
 */
export const reportSnapshotSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('review'),
    category: z.string(),
    rating: z.number(),
    title: z.string(),
    content: z.string(),
  }),
  z.object({
    type: z.literal('event'),
    title: z.string(),
    description: z.string(),
    sport: z.string(),
    location_name: z.string(),
    event_date: z.string(),
  }),
  z.object({
    type: z.literal('member'),
    username: z.string(),
    bio: z.string(),
    sports: z.array(z.string()),
    tags: z.array(z.string()),
  }),
  z.object({
    type: z.literal('comment'),
    content: z.string(),
    post_id: z.number(),
    heading: z.string(),
  }),
  ratingSnapshotSchema,
]);
export type ReportSnapshot = z.infer<typeof reportSnapshotSchema>;

/** One report as `GET /admin/reports` lists it. */
export const adminReportSchema = z.object({
  id: z.number(),
  /** Who reported; null once they deleted their account. */
  reporter: userRefSchema.nullable(),
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.number(),
  /** A short name of the target: the member's username, the review's title, the event's name, the comment's text; null once it is gone. */
  label: z.string().nullable(),
  /**
   * The member the report is about (the member, the review's or comment's author, the event's
   * organizer);
   * null once gone. `operator`: they are an operator (`ADMIN_EMAILS`), who cannot be suspended.
   */
  member: userRefSchema.extend({ suspended: z.boolean(), operator: z.boolean() }).nullable(),
  reason: z.string(),
  /** The reported content as filed; null for reports filed before snapshots were kept. */
  snapshot: reportSnapshotSchema.nullable(),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** `GET /admin/reports`: open reports, newest first, a JSON array (CONTRACT.md lists). */
export const adminReportsResponseSchema = z.array(adminReportSchema);

/** `GET /admin/reports?limit=&cursor=` (before-id cursor). */
export const adminReportsQuerySchema = pageQuerySchema;

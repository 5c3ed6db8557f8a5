/**
 * What a profile shows from the people feature. Features do not import each other
 * (ARCHITECTURE.md "Layout"), so the app passes these in (app/pages/ProfileRoute.tsx).
 */
import type { ComponentType } from 'react';

export interface MemberActions {
  /** The Follow/Following toggle (spec part 2 §4); `describedBy` is the id of the member's name. */
  FollowButton: ComponentType<{ userId: number; following: boolean; describedBy?: string }>;
  /** Opens the direct conversation with a followed member (spec part 1 §6). */
  MessageButton: ComponentType<{ userId: number; username: string }>;
  /** The member's show-up record and rated levels (the trust feature's). */
  TrustSection?: ComponentType<{ userId: number; own: boolean }>;
}

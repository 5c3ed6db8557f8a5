import { describe, expect, it } from 'vitest';
import {
  admits,
  messageRefusal,
  onlineVisible,
  pointShownTo,
  relationship,
  visibleParts,
} from './rules.js';

const facts = {
  viewerId: 1,
  ownerId: 2,
  viewerFollowsOwner: false,
  ownerFollowsViewer: false,
  blocked: false,
  suspended: false,
};

describe('relationship', () => {
  it('tells self, friend (mutual follow), follower, stranger, blocked and absent apart', () => {
    expect(relationship({ ...facts, ownerId: 1 })).toBe('self');
    expect(relationship({ ...facts, viewerFollowsOwner: true, ownerFollowsViewer: true })).toBe(
      'friend',
    );
    expect(relationship({ ...facts, viewerFollowsOwner: true })).toBe('follower');
    expect(relationship({ ...facts, ownerFollowsViewer: true })).toBe('stranger');
    expect(
      relationship({ ...facts, viewerFollowsOwner: true, ownerFollowsViewer: true, blocked: true }),
    ).toBe('blocked');
    // A suspended member is absent to everyone but themselves; a block says no more than it did.
    expect(relationship({ ...facts, viewerFollowsOwner: true, suspended: true })).toBe('absent');
    expect(relationship({ ...facts, ownerId: 1, suspended: true })).toBe('self');
    expect(relationship({ ...facts, blocked: true, suspended: true })).toBe('blocked');
  });
});

describe('admits and visibleParts', () => {
  it.each([
    ['public', 'stranger', true],
    ['public', 'blocked', false],
    ['public', 'absent', false],
    ['friends_only', 'follower', false],
    ['friends_only', 'friend', true],
    ['private', 'friend', false],
    ['private', 'self', true],
  ] as const)('%s admits %s: %s', (audience, rel, expected) => {
    expect(admits(audience, rel)).toBe(expected);
  });

  it('lets the stricter setting win', () => {
    const closed = {
      profile_visibility: 'friends_only',
      phone_visibility: 'public',
      activity_history_visibility: 'public',
    } as const;
    expect(visibleParts(closed, 'stranger')).toEqual({
      profile: false,
      phone: false,
      activity: false,
    });
    const open = {
      profile_visibility: 'public',
      phone_visibility: 'private',
      activity_history_visibility: 'friends_only',
    } as const;
    expect(visibleParts(open, 'follower')).toEqual({
      profile: true,
      phone: false,
      activity: false,
    });
    expect(visibleParts(open, 'friend')).toEqual({ profile: true, phone: false, activity: true });
  });
});

describe('messageRefusal', () => {
  it.each([
    ['anyone', 'stranger', null],
    ['anyone', 'blocked', 'blocked'],
    ['anyone', 'absent', 'unavailable'],
    ['friends_only', 'follower', 'friends_only'],
    ['friends_only', 'friend', null],
    ['none', 'friend', 'closed'],
  ] as const)('%s refuses %s: %s', (requests, rel, expected) => {
    expect(messageRefusal(requests, rel)).toBe(expected);
  });
});

describe('onlineVisible', () => {
  it('shows the online status only when the member shares it, and never across a block', () => {
    expect(onlineVisible({ show_online_status: 1 }, 'stranger')).toBe(true);
    expect(onlineVisible({ show_online_status: 0 }, 'friend')).toBe(false);
    expect(onlineVisible({ show_online_status: 1 }, 'blocked')).toBe(false);
    expect(onlineVisible({ show_online_status: 1 }, 'absent')).toBe(false);
  });
});

describe('pointShownTo', () => {
  const post = { author_id: 2, lng: 77.5946, lat: 12.9716, public_lng: 77.59, public_lat: 12.97 };

  it('shows the author the exact point and everyone else the public one', () => {
    expect(pointShownTo(2, post)).toEqual([77.5946, 12.9716]);
    expect(pointShownTo(1, post)).toEqual([77.59, 12.97]);
  });

  it('shows others no point when the author hides it', () => {
    expect(pointShownTo(1, { ...post, public_lng: null, public_lat: null })).toBeNull();
  });
});

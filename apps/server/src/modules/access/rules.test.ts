import { describe, expect, it } from 'vitest';
import { admits, relationship, visibleParts } from './rules.js';

const facts = {
  viewerId: 1,
  ownerId: 2,
  viewerFollowsOwner: false,
  ownerFollowsViewer: false,
  blocked: false,
};

describe('relationship', () => {
  it('tells self, friend (mutual follow), follower, stranger and blocked apart', () => {
    expect(relationship({ ...facts, ownerId: 1 })).toBe('self');
    expect(relationship({ ...facts, viewerFollowsOwner: true, ownerFollowsViewer: true })).toBe(
      'friend',
    );
    expect(relationship({ ...facts, viewerFollowsOwner: true })).toBe('follower');
    expect(relationship({ ...facts, ownerFollowsViewer: true })).toBe('stranger');
    expect(
      relationship({ ...facts, viewerFollowsOwner: true, ownerFollowsViewer: true, blocked: true }),
    ).toBe('blocked');
  });
});

describe('admits and visibleParts', () => {
  it.each([
    ['public', 'stranger', true],
    ['public', 'blocked', false],
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

/**
 * The privacy and content options of settings with human labels (spec part 2 §6, defaults §9).
 * "Friends" are members who follow each other.
 */
import {
  AUDIENCES,
  EVENT_INVITATIONS,
  LOCATION_SHARING,
  PROFILE_VISIBILITY,
  REQUEST_AUDIENCES,
} from '@gameon/shared';
import type { Settings } from '@gameon/shared';

/** The settings chosen from a list (every option except the on/off switch). */
export type ChoiceField =
  | 'profile_visibility'
  | 'location_sharing'
  | 'activity_history_visibility'
  | 'phone_visibility'
  | 'message_requests'
  | 'post_comments'
  | 'event_invitations';

export interface Choice<V extends string> {
  value: V;
  label: string;
  /** What the choice means, shown under the control while it is selected. */
  hint: string;
}

export interface ChoiceSetting<K extends ChoiceField = ChoiceField> {
  field: K;
  label: string;
  choices: readonly Choice<Settings[K]>[];
}

const LOCATION_LABELS = {
  exact: { label: 'Exact location', hint: 'Your posts show the exact spot you picked.' },
  general: {
    label: 'General area',
    hint: 'Your posts show a point within about 1 km of the spot, not the spot itself.',
  },
  hidden: {
    label: 'Hidden',
    hint: 'Your location is not shown, and nobody sees how far away your posts are.',
  },
} as const;

const EVENT_INVITATION_LABELS = {
  auto_accept: {
    label: 'Accept automatically',
    hint: 'Invitations to events are accepted for you.',
  },
  manual: { label: 'Ask me first', hint: 'You accept or decline each invitation yourself.' },
  block: { label: "Don't allow", hint: 'Nobody can invite you to events.' },
} as const;

function audienceChoices(what: string): Choice<(typeof AUDIENCES)[number]>[] {
  const hints = {
    public: `Everyone can see your ${what}.`,
    friends_only: `Only friends (people you follow who follow you back) can see your ${what}.`,
    private: `Only you can see your ${what}.`,
  } as const;
  const labels = { public: 'Everyone', friends_only: 'Friends only', private: 'Only me' } as const;
  return AUDIENCES.map((value) => ({ value, label: labels[value], hint: hints[value] }));
}

function requestChoices(what: string): Choice<(typeof REQUEST_AUDIENCES)[number]>[] {
  const hints = {
    anyone: `Anyone can ${what}.`,
    friends_only: `Only friends (people you follow who follow you back) can ${what}.`,
    none: `No one can ${what}.`,
  } as const;
  const labels = { anyone: 'Anyone', friends_only: 'Friends only', none: 'No one' } as const;
  return REQUEST_AUDIENCES.map((value) => ({ value, label: labels[value], hint: hints[value] }));
}

/** The Privacy tab's lists, in order; the online status switch comes after them. */
export const PRIVACY_SETTINGS: readonly ChoiceSetting[] = [
  {
    field: 'profile_visibility',
    label: 'Profile visibility',
    choices: PROFILE_VISIBILITY.map((value) =>
      value === 'public'
        ? { value, label: 'Public', hint: 'Everyone can see your profile.' }
        : {
            value,
            label: 'Friends only',
            hint: 'Only friends see your details; others see your username, picture and counts.',
          },
    ),
  },
  {
    field: 'activity_history_visibility',
    label: 'Activity history',
    choices: audienceChoices('posts and reviews on your profile'),
  },
  {
    field: 'phone_visibility',
    label: 'Phone number visibility',
    choices: audienceChoices('phone number'),
  },
  {
    field: 'location_sharing',
    label: 'Location sharing',
    choices: LOCATION_SHARING.map((value) => ({ value, ...LOCATION_LABELS[value] })),
  },
  {
    field: 'message_requests',
    label: 'Message requests',
    choices: requestChoices('start a conversation with you'),
  },
];

/** The Content tab's lists, in order. */
export const CONTENT_SETTINGS: readonly ChoiceSetting[] = [
  {
    field: 'post_comments',
    label: 'Comments on your posts',
    choices: requestChoices('comment on your posts'),
  },
  {
    field: 'event_invitations',
    label: 'Event invitations',
    choices: EVENT_INVITATIONS.map((value) => ({ value, ...EVENT_INVITATION_LABELS[value] })),
  },
];

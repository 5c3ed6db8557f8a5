import { ONLINE_GAMES, PLAYERS_MAX, PLAYERS_MIN, SPORTS } from '@gameon/shared';
import { Gamepad2, Send, Trophy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormField, errorProps, inputClasses } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api-client';
import { createdPostState } from '../../../lib/created-post';
import { cx } from '../../../lib/format';
import { useCreatePost } from '../api';
import { emptyCreatePost, toCreatePostBody, validateCreatePost } from '../create-post';
import type { CreatePostField, PostKind } from '../create-post';
import { SelectOptions } from '../../../components/SelectOptions';
import {
  ApproximatePlaceConfirm,
  EventTimeField,
  GameTextFields,
  LocationField,
  PlayersNeededField,
} from '../components/GameFields';
import { useGameForm } from '../use-game-form';
import { repeatNewGame } from '../series-api';
import { NO_REPEAT, RepeatFields, seriesBody } from '../components/SeriesPanel';

/** Delay before returning to the feed after a post is created (spec part 2 §4, §9). */
const REDIRECT_AFTER_CREATE_MS = 500;

/** Field ids in the order the form shows them (the first invalid one gets focus). */
const fieldIds: Record<CreatePostField, string> = {
  sport: 'post-sport',
  playersNeeded: 'post-players',
  heading: 'post-title',
  description: 'post-description',
  place: 'post-location',
  eventTime: 'post-time',
};

const kinds: { value: PostKind; label: string; icon: typeof Trophy }[] = [
  { value: 'sport', label: 'Sports', icon: Trophy },
  { value: 'game', label: 'Online Game', icon: Gamepad2 },
];

/**
 * Create a post asking for players (spec part 2 §2 "Create post", §4, §5, §8): sport or online
 * game, players needed, title, description, tags, place and time. Success returns to the feed
 * after 0.5 s with the game, where its message offers to share or open it (PostCreatedBanner).
 */
export function CreatePostPage() {
  const navigate = useNavigate();
  const createPost = useCreatePost();
  const { form, values, setValues, errors, set, check } = useGameForm(emptyCreatePost, fieldIds);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  const [repeat, setRepeat] = useState(NO_REPEAT);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const options = values.kind === 'sport' ? SPORTS : ONLINE_GAMES;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitError(null);
    if (!check(validateCreatePost(values))) return;
    createPost.mutate(toCreatePostBody(values), {
      onSuccess: (post) =>
        // A repeating game becomes a series before the feed shows it.
        void repeatNewGame(seriesBody(post.id, repeat)).then((failed) => {
          setCreated(true);
          // Posted but not repeating: the host stays to read why (the game page can repeat it).
          if (failed !== null) return setSubmitError(failed);
          // The feed carries on the message with "Share your game" and "Open it".
          redirectTimer.current = setTimeout(
            () => void navigate('/', { replace: true, state: createdPostState(post) }),
            REDIRECT_AFTER_CREATE_MS,
          );
        }),
      onError: (failure) => setSubmitError(errorMessage(failure, 'Failed to create post')),
    });
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Find players for your game</h1>
      <p className="mt-1 text-sm text-slate-500">
        Tell people what you are playing, where and when. Everyone who is in joins a group chat.
      </p>

      <form
        onSubmit={handleSubmit}
        noValidate
        className="mt-6 space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
      >
        <div role="group" aria-labelledby="post-kind-label">
          <p id="post-kind-label" className="mb-1.5 text-sm font-medium text-slate-700">
            Type
          </p>
          <div className="grid grid-cols-2 gap-2 rounded-xl bg-slate-100 p-1">
            {kinds.map(({ value, label, icon: Icon }) => (
              <button
                key={value}
                type="button"
                aria-pressed={values.kind === value}
                onClick={() => {
                  if (values.kind === value) return;
                  setValues((current) => ({ ...current, kind: value, sport: '' }));
                }}
                className={cx(
                  'flex items-center justify-center gap-2 rounded-lg px-2 py-2 text-sm font-semibold whitespace-nowrap transition-colors sm:px-3',
                  'focus-visible:outline-2 focus-visible:outline-emerald-600',
                  values.kind === value
                    ? 'bg-white text-slate-900 shadow-sm'
                    : 'text-slate-600 hover:text-slate-900',
                )}
              >
                <Icon
                  aria-hidden="true"
                  className={cx(
                    'size-4',
                    values.kind === value &&
                      (value === 'sport' ? 'text-emerald-700' : 'text-violet-600'),
                  )}
                />
                {label}
              </button>
            ))}
          </div>
        </div>

        <div className="grid grid-cols-1 gap-5 sm:grid-cols-[minmax(0,1fr)_11rem]">
          <FormField label="Sport" htmlFor={fieldIds.sport} error={errors.sport}>
            <select
              id={fieldIds.sport}
              value={values.sport}
              onChange={(event) => set('sport', event.target.value)}
              className={inputClasses(Boolean(errors.sport))}
              {...errorProps(fieldIds.sport, errors.sport)}
            >
              <option value="">
                {values.kind === 'sport' ? 'Select a sport' : 'Select a game'}
              </option>
              <SelectOptions values={options} />
            </select>
          </FormField>
          <PlayersNeededField
            form={form}
            min={PLAYERS_MIN}
            placeholder={`${PLAYERS_MIN}-${PLAYERS_MAX}`}
          />
        </div>

        <GameTextFields
          form={form}
          tagsId="post-tags"
          descriptionRows={5}
          placeholders={{
            heading: 'e.g. Sunday morning box cricket, need 3 more',
            description: 'Skill level, what to bring, cost per head in ₹, how long you will play…',
          }}
        />

        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <LocationField form={form} />
          <EventTimeField form={form} />
        </div>

        <RepeatFields value={repeat} onChange={setRepeat} idPrefix="post" />

        <ApproximatePlaceConfirm form={form}>
          <p className="text-amber-900">
            This point comes from postal records and may be a few kilometres from the real place.
            Players near you find the game by its distance from it. Pick a more exact place if you
            can.
          </p>
        </ApproximatePlaceConfirm>

        {submitError !== null && <Alert tone="error">{submitError}</Alert>}
        {created && submitError === null && (
          <Alert tone="success">Post created! Taking you back to the feed…</Alert>
        )}

        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => void navigate('/')}>
            Cancel
          </Button>
          <Button type="submit" loading={createPost.isPending} disabled={created}>
            <Send aria-hidden="true" className="size-4" />
            Create Post
          </Button>
        </div>
      </form>
    </div>
  );
}

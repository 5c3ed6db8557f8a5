import {
  placeLabel,
  ONLINE_GAMES,
  PLAYERS_MAX,
  PLAYERS_MIN,
  POST_DESCRIPTION_MAX,
  POST_HEADING_MAX,
  SPORTS,
} from '@gameon/shared';
import { Gamepad2, Send, TriangleAlert, Trophy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormField, errorProps, hintId, inputClasses } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api-client';
import { createdPostState } from '../../../lib/created-post';
import { cx, toDateTimeLocal } from '../../../lib/format';
import { PlaceSearch } from '../../../components/PlaceSearch';
import { useCreatePost } from '../api';
import { TagInput } from '../../../components/TagInput';
import { emptyCreatePost, toCreatePostBody, validateCreatePost } from '../create-post';
import type { CreatePostErrors, CreatePostField, CreatePostValues, PostKind } from '../create-post';
import { SelectOptions } from '../../../components/SelectOptions';
import { InputField, TextAreaField } from '../../../components/InputField';

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

/** The checkbox that confirms an approximate place. */
const CONFIRM_ID = 'post-location-confirm';

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
  const [values, setValues] = useState<CreatePostValues>(emptyCreatePost);
  const [errors, setErrors] = useState<CreatePostErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  const [minTime] = useState(() => toDateTimeLocal(new Date()));
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const set = <K extends keyof CreatePostValues>(key: K, value: CreatePostValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in fieldIds) setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const pickPlace = (place: CreatePostValues['place']) => {
    // A new pick is confirmed afresh.
    setValues((current) => ({ ...current, place, approximateConfirmed: false }));
    setErrors((current) => ({ ...current, place: undefined }));
  };
  const approximate = values.place?.approximate === true;

  const options = values.kind === 'sport' ? SPORTS : ONLINE_GAMES;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitError(null);
    const found = validateCreatePost(values);
    setErrors(found);
    const firstInvalid = (Object.keys(fieldIds) as CreatePostField[]).find((field) => found[field]);
    if (firstInvalid) {
      const unconfirmed = firstInvalid === 'place' && values.place !== null;
      document.getElementById(unconfirmed ? CONFIRM_ID : fieldIds[firstInvalid])?.focus();
      return;
    }
    createPost.mutate(toCreatePostBody(values), {
      onSuccess: (post) => {
        setCreated(true);
        // The feed carries on the message with "Share your game" and "Open it".
        redirectTimer.current = setTimeout(
          () => void navigate('/', { replace: true, state: createdPostState(post) }),
          REDIRECT_AFTER_CREATE_MS,
        );
      },
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
          <InputField
            id={fieldIds.playersNeeded}
            label="Players needed"
            error={errors.playersNeeded}
            type="number"
            inputMode="numeric"
            min={PLAYERS_MIN}
            max={PLAYERS_MAX}
            step={1}
            value={values.playersNeeded}
            onChange={(event) => set('playersNeeded', event.target.value)}
            placeholder={`${PLAYERS_MIN}-${PLAYERS_MAX}`}
          />
        </div>

        <InputField
          id={fieldIds.heading}
          label="Title"
          error={errors.heading}
          counter={{ value: values.heading.length, max: POST_HEADING_MAX }}
          value={values.heading}
          onChange={(event) => set('heading', event.target.value)}
          placeholder="e.g. Sunday morning box cricket, need 3 more"
        />

        <TextAreaField
          id={fieldIds.description}
          label="Description"
          error={errors.description}
          counter={{ value: values.description.length, max: POST_DESCRIPTION_MAX }}
          rows={5}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
          placeholder="Skill level, what to bring, cost per head in ₹, how long you will play…"
        />

        <FormField
          label="Tags"
          htmlFor="post-tags"
          optional
          hint="Press space or Enter after each tag"
        >
          <TagInput id="post-tags" tags={values.tags} onChange={(tags) => set('tags', tags)} />
        </FormField>

        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <FormField
            label="Location"
            htmlFor={fieldIds.place}
            error={approximate ? undefined : errors.place}
          >
            <PlaceSearch
              id={fieldIds.place}
              label="Location"
              value={values.place}
              onChange={pickPlace}
              // An unconfirmed approximate place is the confirmation's error, not the box's.
              invalid={Boolean(errors.place) && !approximate}
            />
          </FormField>
          <FormField label="Date & time" htmlFor={fieldIds.eventTime} error={errors.eventTime}>
            <input
              id={fieldIds.eventTime}
              type="datetime-local"
              min={minTime}
              value={values.eventTime}
              onChange={(event) => set('eventTime', event.target.value)}
              className={inputClasses(Boolean(errors.eventTime))}
              {...errorProps(fieldIds.eventTime, errors.eventTime, hintId(fieldIds.eventTime))}
            />
            <p id={hintId(fieldIds.eventTime)} className="text-xs text-slate-500">
              Your local time
            </p>
          </FormField>
        </div>

        {values.place !== null && approximate && (
          <div
            role="group"
            aria-labelledby="post-location-approximate"
            className={cx(
              'space-y-2 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1',
              errors.place ? 'ring-2 ring-rose-500' : 'ring-amber-300',
            )}
          >
            <p id="post-location-approximate" className="flex items-start gap-2 font-semibold">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Approximate area: {placeLabel(values.place)}
            </p>
            <p className="text-amber-900">
              This point comes from postal records and may be a few kilometres from the real place.
              Players near you find the game by its distance from it. Pick a more exact place if you
              can.
            </p>
            <label className="flex items-start gap-2 font-medium">
              <input
                id={CONFIRM_ID}
                type="checkbox"
                checked={values.approximateConfirmed}
                onChange={(event) => {
                  set('approximateConfirmed', event.target.checked);
                  setErrors((current) => ({ ...current, place: undefined }));
                }}
                aria-invalid={errors.place ? true : undefined}
                aria-describedby={errors.place ? 'post-location-confirm-error' : undefined}
                className="mt-0.5 size-4 shrink-0 accent-emerald-700"
              />
              Use this approximate area for my game
            </label>
            {errors.place && (
              <p id="post-location-confirm-error" className="font-medium text-rose-700">
                {errors.place}
              </p>
            )}
          </div>
        )}

        {submitError !== null && <Alert tone="error">{submitError}</Alert>}
        {created && <Alert tone="success">Post created! Taking you back to the feed…</Alert>}

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

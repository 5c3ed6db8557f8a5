import {
  EVENT_DESCRIPTION_MAX,
  EVENT_SKILL_LEVELS,
  EVENT_SPORTS,
  EVENT_TEAMS_MAX,
  EVENT_TITLE_MAX,
  isOnlineEvent,
} from '@gameon/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button, buttonClasses } from '../../../components/Button';
import { FormField, errorProps, hintId, inputClasses } from '../../../components/FormField';
import { InputField, TextAreaField } from '../../../components/InputField';
import { PlaceSearch } from '../../../components/PlaceSearch';
import { SelectOptions } from '../../../components/SelectOptions';
import { TagInput } from '../../../components/TagInput';
import { errorMessage } from '../../../lib/api-client';
import { toDateTimeLocal } from '../../../lib/format';
import { useCreateEvent } from '../api';
import { skillLevelLabel } from '../event-facts';
import { emptyEventForm, eventFormSchema } from '../event-form';

/**
 * Create an event (members): title, description, sport or game, place (optional for an
 * online game), start and end, maximum teams, skill level, equipment, cost per person and prize
 * pool in rupees, registration and payment deadlines, tags; checked with the `POST /events`
 * rules (event-form.ts), the first invalid field focused. The server's message shows on failure,
 * else "Failed to create event"; success goes to /events.
 */
export function CreateEventPage() {
  const navigate = useNavigate();
  const createEvent = useCreateEvent();
  const schema = useMemo(() => eventFormSchema(), []);
  const [minTime] = useState(() => toDateTimeLocal(new Date()));
  const [submitError, setSubmitError] = useState<string | null>(null);
  const { control, register, handleSubmit, watch, formState } = useForm({
    defaultValues: emptyEventForm,
    resolver: zodResolver(schema),
  });
  const { errors } = formState;
  const location = useController({ control, name: 'location' });
  const tags = useController({ control, name: 'tags' });
  const sport = watch('sport');

  const submit = handleSubmit((body) => {
    setSubmitError(null);
    createEvent.mutate(body, {
      onSuccess: () => void navigate('/events'),
      onError: (failure) => setSubmitError(errorMessage(failure, 'Failed to create event')),
    });
  });

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Create Event</h1>
      <p className="mt-1 text-sm text-slate-500">
        Host a tournament or a meetup. Teams register on the Events page; you see who is coming.
      </p>

      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="mt-6 space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
      >
        <InputField
          id="event-title"
          label="Title"
          error={errors.title?.message}
          counter={{ value: watch('title').length, max: EVENT_TITLE_MAX }}
          placeholder="e.g. Koramangala 5-a-side Cup"
          {...register('title')}
        />
        <TextAreaField
          id="event-description"
          label="Description"
          error={errors.description?.message}
          counter={{ value: watch('description').length, max: EVENT_DESCRIPTION_MAX }}
          rows={5}
          placeholder="Format, rules, what teams get, how to pay…"
          {...register('description')}
        />

        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <FormField label="Sport" htmlFor="event-sport" error={errors.sport?.message}>
            <select
              id="event-sport"
              className={inputClasses(errors.sport !== undefined)}
              {...errorProps('event-sport', errors.sport?.message)}
              {...register('sport')}
            >
              <option value="">Select a sport or game</option>
              <SelectOptions values={EVENT_SPORTS} />
            </select>
          </FormField>
          <FormField label="Skill level" htmlFor="event-skill" error={errors.skillLevel?.message}>
            <select
              id="event-skill"
              className={inputClasses(errors.skillLevel !== undefined)}
              {...errorProps('event-skill', errors.skillLevel?.message)}
              {...register('skillLevel')}
            >
              <option value="">Select a level</option>
              <SelectOptions values={EVENT_SKILL_LEVELS} label={skillLevelLabel} />
            </select>
          </FormField>
        </div>

        <FormField
          label="Location"
          htmlFor="event-location"
          optional={isOnlineEvent(sport)}
          error={errors.location?.message}
          hint={isOnlineEvent(sport) ? 'Online games may leave the place out' : undefined}
        >
          <PlaceSearch
            id="event-location"
            label="Location"
            value={location.field.value}
            onChange={location.field.onChange}
            invalid={errors.location !== undefined}
            describedBy={isOnlineEvent(sport) ? hintId('event-location') : undefined}
          />
        </FormField>

        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <InputField
            id="event-start"
            label="Starts"
            type="datetime-local"
            min={minTime}
            hint="Your local time"
            error={errors.eventDate?.message}
            {...register('eventDate')}
          />
          <InputField
            id="event-end"
            label="Ends"
            type="datetime-local"
            min={minTime}
            error={errors.endDate?.message}
            {...register('endDate')}
          />
        </div>

        <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
          <InputField
            id="event-teams"
            label="Maximum teams"
            type="number"
            inputMode="numeric"
            min={1}
            max={EVENT_TEAMS_MAX}
            step={1}
            placeholder="e.g. 16"
            error={errors.maxParticipants?.message}
            {...register('maxParticipants')}
          />
          <InputField
            id="event-cost"
            label="Cost per person (₹)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder="0 = free"
            error={errors.cost?.message}
            {...register('cost')}
          />
          <InputField
            id="event-prize"
            label="Prize pool (₹)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder="0 = none"
            error={errors.prize?.message}
            {...register('prize')}
          />
        </div>

        <label className="flex w-fit cursor-pointer items-center gap-2 text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 accent-emerald-600 focus-visible:outline-2 focus-visible:outline-emerald-600"
            {...register('equipmentProvided')}
          />
          Equipment provided
        </label>

        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <InputField
            id="event-registration-deadline"
            label="Registration deadline"
            optional
            type="datetime-local"
            min={minTime}
            hint="Without one, registration closes at the start"
            error={errors.registrationDeadline?.message}
            {...register('registrationDeadline')}
          />
          <InputField
            id="event-payment-deadline"
            label="Payment deadline"
            optional
            type="datetime-local"
            min={minTime}
            error={errors.paymentDeadline?.message}
            {...register('paymentDeadline')}
          />
        </div>

        <FormField
          label="Tags"
          htmlFor="event-tags"
          optional
          hint="Press space or Enter after each tag"
        >
          <TagInput id="event-tags" tags={tags.field.value} onChange={tags.field.onChange} />
        </FormField>

        {submitError !== null && <Alert tone="error">{submitError}</Alert>}

        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
          <Link to="/events" className={buttonClasses('secondary')}>
            Cancel
          </Link>
          <Button type="submit" loading={createEvent.isPending}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            Create Event
          </Button>
        </div>
      </form>
    </div>
  );
}

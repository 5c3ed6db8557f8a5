/**
 * The event registration form (spec part 2 §3 "Event registration form", §5): its values and
 * rules, and the `POST /event-registrations` body it sends.
 */
import { DEFAULT_COUNTRY_CODE, eventRegistrationBodySchema } from '@gameon/shared';
import type { EventRegistrationBody, SportsEvent } from '@gameon/shared';
import { z } from 'zod';

const body = eventRegistrationBodySchema.shape;

/**
 * The fields the member fills, checked by the body's rules (spec part 2 §5): the team leader's
 * full name required, the phone exactly 10 digits ("Phone number must be exactly 10 digits"),
 * one of the five country codes, the team name optional (empty is sent as null). `additionalInfo` is held by the form
 * but never sent (spec part 2 §3).
 */
export const registrationFormSchema = z.object({
  name: body.name,
  phone: body.phone,
  country_code: body.country_code,
  team_name: body.team_name,
  additionalInfo: z.string(),
});
export type RegistrationFormValues = z.input<typeof registrationFormSchema>;
type CheckedRegistration = z.output<typeof registrationFormSchema>;

/** A blank form: +91 preselected (spec part 2 §9). */
export const emptyRegistrationForm: RegistrationFormValues = {
  name: '',
  phone: '',
  country_code: DEFAULT_COUNTRY_CODE,
  team_name: '',
  additionalInfo: '',
};

/**
 * The body sent for `event` (spec part 2 §7): the event's id and title, the checked fields, the
 * account's e-mail (`email`, read-only in the form) and no additional info.
 */
export function toRegistrationBody(
  event: Pick<SportsEvent, 'id' | 'title'>,
  email: string,
  values: CheckedRegistration,
): EventRegistrationBody {
  return {
    event_title: event.title,
    event_id: event.id,
    name: values.name,
    email,
    phone: values.phone,
    country_code: values.country_code,
    team_name: values.team_name,
  };
}

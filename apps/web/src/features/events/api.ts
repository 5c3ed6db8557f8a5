/**
 * Events and their registrations (spec part 2 §2 "Events", "Event registration", §7; CONTRACT.md
 * events calls): the list with its filters, one event, creating and cancelling an
 * event, registering a team and cancelling it, the organizer's registrations, the calendar file.
 */
import {
  eventInvitationSchema,
  eventRegistrationResponseSchema,
  eventRegistrationSchema,
  eventSchema,
  invitationAcceptedSchema,
  invitationSentSchema,
  lenientListSchema,
  NO_RADIUS,
  PAGE_SIZE_DEFAULT,
  SEARCH_MIN_CHARS,
  settingsSchema,
  successSchema,
  userProfileSchema,
  userSearchResultSchema,
} from '@gameon/shared';
import type {
  EventBody,
  EventRegistrationBody,
  EventSkillLevel,
  EventSport,
  SportsEvent,
} from '@gameon/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  mutationOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { useRefetchingMutation } from '../../lib/use-refetching-mutation';
import type { QueryValue } from '../../lib/api-client';

/** The filter panel's values (spec part 2 §2 "Events": sport, skill level, date, max cost, equipment). */
export interface EventFilters {
  sport: 'all' | EventSport;
  skillLevel: 'all' | EventSkillLevel;
  /** `YYYY-MM-DD` in the viewer's time zone, or '' for any day. */
  date: string;
  /** Whole rupees as typed, or '' for any cost. */
  maxCost: string;
  /** Only events that provide equipment ('true'), only those that do not ('false'), or any. */
  equipment: 'any' | 'true' | 'false';
}

export const defaultEventFilters: EventFilters = {
  sport: 'all',
  skillLevel: 'all',
  date: '',
  maxCost: '',
  equipment: 'any',
};

/** The viewer's position in degrees, with the distance asked for in metres (-1 = any). */
export interface EventsNear {
  lat: number;
  lng: number;
  radius: number;
}

export type EventsQueryParams = Record<string, QueryValue>;

/**
 * The `GET /events` query of the filters (eventsQuerySchema): a filter left at "all" or empty is
 * not sent; `date` goes with the viewer's time zone `tz`; `lat`, `lng` and `radius` only once
 * the viewer's position is known, `radius` only when a distance was chosen.
 */
export function buildEventsQuery(
  filters: EventFilters,
  near: EventsNear | null,
  timeZone: string,
): EventsQueryParams {
  const maxCost = filters.maxCost.trim();
  return {
    sport: filters.sport === 'all' ? undefined : filters.sport,
    skill_level: filters.skillLevel === 'all' ? undefined : filters.skillLevel,
    date: filters.date,
    tz: filters.date === '' ? undefined : timeZone,
    max_cost: maxCost === '' ? undefined : maxCost,
    equipment_provided: filters.equipment === 'any' ? undefined : filters.equipment,
    lat: near?.lat,
    lng: near?.lng,
    radius: near && near.radius !== NO_RADIUS ? near.radius : undefined,
    limit: PAGE_SIZE_DEFAULT,
  };
}

interface EventsPage {
  events: SportsEvent[];
  nextCursor: string | null;
}

/** Query options of the events feature; other places reuse their `queryKey`. */
export const eventQueries = {
  /** Prefix of every events query. */
  all: () => ['events'] as const,
  /** `GET /events`: upcoming events, soonest first, a page at a time (public). */
  list: (query: EventsQueryParams) =>
    infiniteQueryOptions({
      queryKey: [...eventQueries.all(), 'list', query] as const,
      initialPageParam: null as string | null,
      queryFn: async ({ pageParam, signal }): Promise<EventsPage> => {
        const { data, nextCursor } = await apiRequest('/events', {
          query: { ...query, cursor: pageParam ?? undefined },
          schema: lenientListSchema(eventSchema),
          signal,
        });
        return { events: data, nextCursor };
      },
      getNextPageParam: (page) => page.nextCursor,
    }),
  /** `GET /events/{id}`: one event, with `is_registered` for a member (public; 404 unknown). */
  detail: (eventId: number) =>
    queryOptions({
      queryKey: [...eventQueries.all(), 'detail', eventId] as const,
      queryFn: async ({ signal }) =>
        (await apiRequest(`/events/${eventId}`, { schema: eventSchema, signal })).data,
    }),
  /** `GET /events/{id}/registrations`: the teams, first registered first (the organizer only). */
  registrations: (eventId: number) =>
    queryOptions({
      queryKey: [...eventQueries.all(), 'registrations', eventId] as const,
      queryFn: async ({ signal }) =>
        (
          await apiRequest(`/events/${eventId}/registrations`, {
            schema: lenientListSchema(eventRegistrationSchema),
            signal,
          })
        ).data,
    }),
};

/** Query options of event invitations; the keys sit under {@link eventQueries.all}. */
export const invitationQueries = {
  /** `GET /event-invitations`: the member's open invitations, newest first. */
  mine: () =>
    queryOptions({
      queryKey: [...eventQueries.all(), 'invitations'] as const,
      queryFn: async ({ signal }) =>
        (
          await apiRequest('/event-invitations', {
            schema: lenientListSchema(eventInvitationSchema),
            signal,
          })
        ).data,
    }),
  /** The organizer's followers (`GET /users/{id}`'s first page): offered first to invite. */
  followers: (organizerId: number) =>
    queryOptions({
      queryKey: [...eventQueries.all(), 'invite-followers', organizerId] as const,
      queryFn: async ({ signal }) =>
        (await apiRequest(`/users/${organizerId}`, { schema: userProfileSchema, signal })).data
          .followers,
    }),
  /** People search (`GET /users/search`) for inviting, once `q` has 3 characters. */
  search: (q: string) =>
    queryOptions({
      queryKey: [...eventQueries.all(), 'invite-search', q] as const,
      queryFn: async ({ signal }) =>
        (
          await apiRequest('/users/search', {
            query: { q, limit: PAGE_SIZE_DEFAULT },
            schema: lenientListSchema(userSearchResultSchema),
            signal,
          })
        ).data,
      enabled: q.length >= SEARCH_MIN_CHARS,
    }),
};

/**
 * The signed-in member's own phone number from their settings (`GET /settings`), null when
 * none: the registration form starts with it (spec part 2 §3: the form still asks for it).
 */
export function useOwnPhone() {
  return useQuery({
    queryKey: [...eventQueries.all(), 'own-phone'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest('/settings', { schema: settingsSchema, signal })).data.phone_number,
  });
}

/** The signed-in member's open invitations ({@link invitationQueries.mine}); none signed out. */
export function useMyInvitations(enabled: boolean) {
  return useQuery({ ...invitationQueries.mine(), enabled });
}

/**
 * `POST /events/{id}/invitations`: the organizer invites member `userId`; the answer is
 * "Invitation sent" whatever the member's setting.
 */
export function useInviteMember(eventId: number) {
  return useMutation({
    mutationKey: ['events', 'invite', eventId] as const,
    mutationFn: async (userId: number) =>
      (
        await apiRequest(`/events/${eventId}/invitations`, {
          method: 'POST',
          body: { user_id: userId },
          schema: invitationSentSchema,
        })
      ).data,
  });
}

/** `POST /event-invitations/{id}/accept`: accepted; the event's id, for its registration form. */
export const acceptInvitationMutation = () =>
  mutationOptions({
    mutationKey: ['events', 'accept-invitation'] as const,
    mutationFn: async (invitationId: number) =>
      (
        await apiRequest(`/event-invitations/${invitationId}/accept`, {
          method: 'POST',
          schema: invitationAcceptedSchema,
        })
      ).data,
  });

/** `POST /event-invitations/{id}/decline`. */
export const declineInvitationMutation = () =>
  mutationOptions({
    mutationKey: ['events', 'decline-invitation'] as const,
    mutationFn: async (invitationId: number) => {
      await apiRequest(`/event-invitations/${invitationId}/decline`, {
        method: 'POST',
        schema: successSchema,
      });
    },
  });

/** Accepts an invitation ({@link acceptInvitationMutation}). */
export function useAcceptInvitation() {
  return useRefetchingMutation(acceptInvitationMutation(), eventQueries.all());
}

/** Declines an invitation ({@link declineInvitationMutation}). */
export function useDeclineInvitation() {
  return useRefetchingMutation(declineInvitationMutation(), eventQueries.all());
}

/** The events list for `query` ({@link eventQueries.list}), keeping the last page while filters change. */
export function useEvents(query: EventsQueryParams) {
  return useInfiniteQuery({ ...eventQueries.list(query), placeholderData: keepPreviousData });
}

/** One event ({@link eventQueries.detail}); not asked without an id. */
export function useEvent(eventId: number | null) {
  return useQuery({ ...eventQueries.detail(eventId ?? 0), enabled: eventId !== null });
}

/** An event's registrations for its organizer ({@link eventQueries.registrations}). */
export function useEventRegistrations(eventId: number) {
  return useQuery(eventQueries.registrations(eventId));
}

/** `POST /events` (members): the new event (201); 400 with the server's message for bad input. */
export const createEventMutation = () =>
  mutationOptions({
    mutationKey: ['events', 'create'] as const,
    mutationFn: async (body: EventBody) =>
      (await apiRequest('/events', { method: 'POST', body, schema: eventSchema })).data,
  });

/**
 * `DELETE /events/{id}`: the organizer cancels the event; its registered members are notified
 * (`event_cancelled`).
 */
export const cancelEventMutation = () =>
  mutationOptions({
    mutationKey: ['events', 'cancel'] as const,
    mutationFn: async (eventId: number) => {
      await apiRequest(`/events/${eventId}`, { method: 'DELETE', schema: successSchema });
    },
  });

/**
 * `POST /event-registrations` (spec part 2 §7): 201 `{success: true, registration}`; 409 with the
 * server's message when the event is full, past its deadline or already registered.
 */
export const registerMutation = () =>
  mutationOptions({
    mutationKey: ['events', 'register'] as const,
    mutationFn: async (body: EventRegistrationBody) =>
      (
        await apiRequest('/event-registrations', {
          method: 'POST',
          body,
          schema: eventRegistrationResponseSchema,
        })
      ).data,
  });

/** `DELETE /event-registrations/{id}`: the member cancels their own registration. */
export const cancelRegistrationMutation = () =>
  mutationOptions({
    mutationKey: ['events', 'cancel-registration'] as const,
    mutationFn: async (registrationId: number) => {
      await apiRequest(`/event-registrations/${registrationId}`, {
        method: 'DELETE',
        schema: successSchema,
      });
    },
  });

/** Creates an event ({@link createEventMutation}). */
export function useCreateEvent() {
  return useRefetchingMutation(createEventMutation(), eventQueries.all());
}

/** Cancels an event as its organizer ({@link cancelEventMutation}). */
export function useCancelEvent() {
  return useRefetchingMutation(cancelEventMutation(), eventQueries.all());
}

/** Registers a team ({@link registerMutation}). */
export function useRegisterForEvent() {
  return useRefetchingMutation(registerMutation(), eventQueries.all());
}

/** Cancels the member's registration ({@link cancelRegistrationMutation}). */
export function useCancelRegistration() {
  return useRefetchingMutation(cancelRegistrationMutation(), eventQueries.all());
}

/** Address of an event's iCalendar file, `GET /events/{id}/calendar.ics` (public). */
export function eventCalendarUrl(eventId: number): string {
  return `/api/events/${eventId}/calendar.ics`;
}

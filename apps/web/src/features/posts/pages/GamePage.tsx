import type { Post } from '@gameon/shared';
import {
  CalendarDays,
  CalendarPlus,
  LogIn,
  MapPin,
  MessageCircle,
  SearchX,
  UserMinus,
} from 'lucide-react';
import { useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/Alert';
import { BackLink } from '../../../components/BackLink';
import { Button, buttonClasses } from '../../../components/Button';
import { PostCapacity } from '../../../components/GameCapacity';
import { GameFact, GameTime, HostLink, SportBadge } from '../../../components/GameFacts';
import { LoadingLine, RetryAlert } from '../../../components/LoadStates';
import { ShareButton } from '../../../components/ShareButton';
import { HttpError, errorMessage } from '../../../lib/api-client';
import { isUpcoming, viewerPlace } from '../../../lib/games';
import { useAuth } from '../../../lib/session';
import { returnAfterSignIn } from '../../../lib/sign-in-return';
import { downloadGameCalendar, useGame, useMemberNames } from '../api';
import { CommentThread } from '../components/CommentThread';
import { HostGameActions } from '../components/HostGameActions';
import { RemovePlayerDialog } from '../components/RemovePlayerDialog';
import { SeriesPanel } from '../components/SeriesPanel';
import { WaitlistOffer } from '../components/WaitlistOffer';

/** The join/leave button the app gives the page (the feed feature's, composed in app/). */
export type InterestButtonComponent = ComponentType<{ post: Post; viewerId: number }>;

/**
 * The "Open chat" link the app gives the page (the messages feature's, composed in app/): shown
 * whenever game `postId` has a chat the member is in, else `fallback`.
 */
export type GameChatLinkComponent = ComponentType<{ postId: number; fallback: ReactNode }>;

/** Check-in, the host's word on players and ratings of levels (the trust feature's, from app/). */
export type GameTrustComponent = ComponentType<{ post: Post; viewerId: number }>;

function MemberList({
  label,
  ids,
  names,
  empty,
  numbered = false,
  notes,
  onRemove,
}: {
  label: string;
  ids: number[];
  names: Map<number, string>;
  empty: string;
  numbered?: boolean;
  /** A word beside a member, e.g. "Place offered" on a place held for them. */
  notes?: Map<number, string>;
  /** The host's "Remove" beside each member (upcoming games only). */
  onRemove?: (player: { id: number; name: string }) => void;
}) {
  const headingId = `game-${label.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h2 id={headingId} className="text-sm font-semibold text-slate-900">
        {label} ({ids.length})
      </h2>
      {ids.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{empty}</p>
      ) : (
        <ol className="mt-2 space-y-1.5">
          {ids.map((id, index) => (
            <li key={id} className="flex items-center gap-2 text-sm">
              {numbered && (
                <span className="grid size-6 shrink-0 place-items-center rounded-full bg-sky-100 text-xs font-semibold text-sky-800">
                  {index + 1}
                </span>
              )}
              <Link
                to={`/profile/${id}`}
                className="truncate font-medium text-slate-800 hover:text-emerald-700 hover:underline"
              >
                {names.get(id) ?? `Member ${id}`}
              </Link>
              {notes?.has(id) && (
                <span className="shrink-0 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                  {notes.get(id)}
                </span>
              )}
              {onRemove && (
                <button
                  type="button"
                  aria-label={`Remove ${names.get(id) ?? `Member ${id}`}`}
                  onClick={() => onRemove({ id, name: names.get(id) ?? `Member ${id}` })}
                  className="ml-auto inline-flex shrink-0 items-center gap-1 rounded-lg px-2 py-1 text-xs font-semibold text-rose-700 hover:bg-rose-50 focus-visible:outline-2 focus-visible:outline-emerald-600"
                >
                  <UserMinus aria-hidden="true" className="size-3.5" />
                  Remove
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * What both a member and a visitor see of a game: its sport (and "Past Event"), title as the
 * page's heading, description, place, time and `host` (the name, linked for members). An empty
 * place is one the host shares only with members.
 */
function GameSummary({ post, host }: { post: Post; host: ReactNode }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <SportBadge sport={post.sport} />
        {!isUpcoming(post) && (
          <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-600">
            Past Event
          </span>
        )}
      </div>
      <h1 className="mt-3 text-2xl font-bold break-words text-slate-900 sm:text-3xl">
        {post.heading}
      </h1>
      <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-600">
        {post.description}
      </p>

      <dl className="mt-5 grid grid-cols-1 gap-3 text-sm text-slate-700 sm:grid-cols-2">
        <GameFact icon={MapPin} label="Place" align="start">
          <dd className="min-w-0 break-words">
            {post.location_name === '' ? 'Shared with members' : post.location_name}
          </dd>
        </GameFact>
        <GameFact icon={CalendarDays} label="When" align="start">
          <dd>
            <GameTime post={post} />
          </dd>
        </GameFact>
        <div className="flex items-center gap-2 sm:col-span-2">
          <dt className="text-slate-500">Host</dt>
          <dd>{host}</dd>
        </div>
      </dl>
    </>
  );
}

/**
 * A shared game as a signed-out visitor sees it: the summary, how full it is,
 * "Sign in to join" (to /login, which returns to `path`) while the game is upcoming, "Share",
 * and the thread of comments (read only, with "Sign in to ask a question").
 */
function VisitorGame({ post, path }: { post: Post; path: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <article className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <GameSummary
          post={post}
          host={<span className="font-semibold text-slate-800">{post.author.username}</span>}
        />
        <PostCapacity className="mt-5" post={post} viewerId={null} />
        <div className="mt-6 flex flex-wrap items-start gap-3 border-t border-slate-100 pt-5">
          {isUpcoming(post) && (
            <Link to="/login" state={returnAfterSignIn(path)} className={buttonClasses('primary')}>
              <LogIn aria-hidden="true" className="size-4" />
              Sign in to join
            </Link>
          )}
          <ShareButton title={post.heading} path={path} />
        </div>
      </article>
      <CommentThread postId={post.id} viewerId={null} path={path} />
    </div>
  );
}

/**
 * A game's page `/posts/{id}`: sport, title, description, place and time, the host
 * (linked to the profile), players and waitlist, the join/leave button, "Open chat" for the
 * host and members whenever the game has a chat, "Add to calendar" (the .ics fetched with the
 * member's token) and "Share". The host of an upcoming game also edits it, removes a player
 * (asked first) and deletes it. Under the game, its thread of questions and comments
 * ({@link CommentThread}). A game the member may not see, or that was deleted, shows "Game
 * not found".
 *
 * A signed-out visitor opening a shared link sees the game as the server shows it to
 * them (the city only, or no place), how full it is, "Share" and "Sign in to join", which comes
 * back here once signed in; not the players (their names are members-only) nor the member
 * actions.
 */
export function GamePage({
  InterestButton,
  ChatLink,
  CostPanel,
  Trust,
}: {
  InterestButton: InterestButtonComponent;
  ChatLink: GameChatLinkComponent;
  /** The cost split for the host and players (the costs feature's, composed in app/). */
  CostPanel?: ComponentType<{ post: Post; viewerId: number }>;
  Trust?: GameTrustComponent;
}) {
  const params = useParams();
  const postId = Number(params.postId);
  const { user } = useAuth();
  const game = useGame(postId);
  const playerIds = game.data?.interested_users.map((entry) => entry.user_id) ?? [];
  const waitlistIds = game.data?.waitlist?.map((entry) => entry.user_id) ?? [];
  // A place offered to the waitlist is taken: listed with the players, marked as offered.
  const offeredIds = game.data?.offered?.map((entry) => entry.user_id) ?? [];
  const names = useMemberNames(user === null ? [] : [...playerIds, ...offeredIds, ...waitlistIds]);
  const [calendarError, setCalendarError] = useState<string | null>(null);
  const [savingCalendar, setSavingCalendar] = useState(false);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);

  const notFound =
    !Number.isInteger(postId) ||
    postId <= 0 ||
    (game.error instanceof HttpError && game.error.status === 404);

  if (notFound) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <span className="mb-3 grid size-12 place-items-center rounded-full bg-emerald-50 text-emerald-700">
            <SearchX aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-xl font-bold text-slate-900">Game not found</h1>
          <p className="mt-1 text-sm text-slate-500">
            This game may have been cancelled, or it is not shared with you.
          </p>
          <Link to="/" className={buttonClasses('secondary', 'md', 'mt-4')}>
            Back to the feed
          </Link>
        </div>
      </div>
    );
  }
  if (game.isPending) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
        <LoadingLine>Loading game…</LoadingLine>
      </div>
    );
  }
  if (game.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
        <h1 className="mb-4 text-2xl font-bold text-slate-900">Game</h1>
        <RetryAlert onRetry={() => void game.refetch()}>We could not load this game.</RetryAlert>
      </div>
    );
  }

  const post = game.data;
  const pagePath = `/posts/${post.id}`;
  if (user === null) return <VisitorGame post={post} path={pagePath} />;
  const host = post.author_id === user.id;
  const place = viewerPlace(post, user.id);
  const inGame = host || place.status !== 'out';
  const upcoming = isUpcoming(post);
  const hasChat =
    place.status !== 'out' || playerIds.length + offeredIds.length + waitlistIds.length > 0;

  const addToCalendar = async () => {
    setCalendarError(null);
    setSavingCalendar(true);
    try {
      await downloadGameCalendar(post.id);
    } catch (failure) {
      console.error('Could not get the calendar file', failure);
      setCalendarError(errorMessage(failure, 'Could not add this game to your calendar.'));
    } finally {
      setSavingCalendar(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <BackLink
        to="/"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-800"
      >
        Feed
      </BackLink>
      <article className="mt-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <GameSummary
          post={post}
          host={
            <>
              <HostLink post={post} />
              {host && <span className="text-slate-500"> (you)</span>}
            </>
          }
        />

        <PostCapacity className="mt-5" post={post} viewerId={user.id} />
        <WaitlistOffer post={post} viewerId={user.id} />

        <div className="mt-5 grid grid-cols-1 gap-5 border-t border-slate-100 pt-5 sm:grid-cols-2">
          <MemberList
            label="Players"
            ids={[...playerIds, ...offeredIds]}
            notes={new Map(offeredIds.map((id) => [id, 'Place offered']))}
            names={names}
            empty="No players yet."
            onRemove={host && upcoming ? setRemoving : undefined}
          />
          <MemberList
            label="Waitlist"
            ids={waitlistIds}
            names={names}
            empty="Nobody is waiting."
            numbered
            onRemove={host && upcoming ? setRemoving : undefined}
          />
        </div>

        <div className="mt-6 flex flex-wrap items-start gap-3 border-t border-slate-100 pt-5">
          {!host && upcoming && <InterestButton post={post} viewerId={user.id} />}
          {inGame && (
            <ChatLink
              postId={post.id}
              fallback={
                hasChat && (
                  <Link to={`/messages?post=${post.id}`} className={buttonClasses('secondary')}>
                    <MessageCircle aria-hidden="true" className="size-4" />
                    Open chat
                  </Link>
                )
              }
            />
          )}
          <ShareButton title={post.heading} path={pagePath} />
          {inGame && upcoming && (
            <Button
              variant="secondary"
              loading={savingCalendar}
              onClick={() => void addToCalendar()}
            >
              {!savingCalendar && <CalendarPlus aria-hidden="true" className="size-4" />}
              Add to calendar
            </Button>
          )}
        </div>
        {calendarError !== null && (
          <Alert tone="error" className="mt-3">
            {calendarError}
          </Alert>
        )}
        {host && upcoming && (
          <div className="mt-5 flex flex-wrap items-start gap-3 border-t border-slate-100 pt-5">
            <HostGameActions post={post} />
          </div>
        )}
      </article>
      {CostPanel && inGame && <CostPanel post={post} viewerId={user.id} />}
      {Trust && <Trust post={post} viewerId={user.id} />}
      <SeriesPanel post={post} viewerId={user.id} />
      <CommentThread postId={post.id} viewerId={user.id} path={pagePath} />
      {removing !== null && (
        <RemovePlayerDialog postId={post.id} player={removing} onClose={() => setRemoving(null)} />
      )}
    </div>
  );
}

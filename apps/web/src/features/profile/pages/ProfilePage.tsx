import { idSchema } from '@gameon/shared';
import { Ban, SearchX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button, buttonClasses } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { HttpError, errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useBlockToggle, useProfile } from '../api';
import { AboutSection } from '../components/AboutSection';
import { PostsSection, ReviewsSection } from '../components/ActivitySection';
import { AvailabilitySection } from '../components/AvailabilitySection';
import { ContactSection } from '../components/ContactSection';
import { FollowListModal } from '../components/FollowListModal';
import type { FollowListTab } from '../components/FollowListModal';
import { InterestsSection } from '../components/InterestsSection';
import { ProfileHeader } from '../components/ProfileHeader';
import { SkillsSection } from '../components/SkillsSection';
import { RetryAlert } from '../../../components/LoadStates';
import type { MemberActions } from '../member-actions';

const pageClass = 'mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8';

interface ProfileNoticeProps {
  icon: typeof Ban;
  /** Red tile for a block, grey otherwise. */
  tone: 'neutral' | 'danger';
  title: ReactNode;
  /** Focus the heading on mount (the dialog that led here is gone). */
  focusHeading?: boolean;
  /** The line under the heading. */
  description: ReactNode;
  /** Alerts and buttons under the text. */
  children: ReactNode;
}

/** A whole-page card in place of a profile: icon tile, heading, text and actions. */
function ProfileNotice({
  icon: Icon,
  tone,
  title,
  focusHeading = false,
  description,
  children,
}: ProfileNoticeProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);
  return (
    <div className={pageClass}>
      <div className="flex flex-col items-center rounded-2xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-slate-200">
        <span
          className={cx(
            'mb-4 grid size-14 place-items-center rounded-full',
            tone === 'danger' ? 'bg-rose-50 text-rose-600' : 'bg-slate-100 text-slate-500',
          )}
        >
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <h1
          ref={headingRef}
          tabIndex={focusHeading ? -1 : undefined}
          className="text-xl font-bold text-slate-900 focus:outline-none"
        >
          {title}
        </h1>
        <p className="mt-1 max-w-md text-sm text-slate-500">{description}</p>
        {children}
      </div>
    </div>
  );
}

/** Spec part 2 §2, §8: no profile, or one the viewer may not see (blocked either way). */
function ProfileNotFound() {
  return (
    <ProfileNotice
      icon={SearchX}
      tone="neutral"
      title="Profile not found"
      description="The user you're looking for doesn't exist."
    >
      <Link to="/search" className={buttonClasses('primary', 'md', 'mt-6')}>
        Find people
      </Link>
    </ProfileNotice>
  );
}

/** Shown right after blocking: the profile is gone for both, with a way to undo. */
function BlockedNotice({
  userId,
  username,
  onUnblocked,
}: {
  userId: number;
  username: string;
  onUnblocked: () => void;
}) {
  const unblock = useBlockToggle();
  return (
    <ProfileNotice
      icon={Ban}
      tone="danger"
      title={`You blocked ${username}`}
      focusHeading
      description="You no longer see each other's profiles or posts, and neither of you can message the other."
    >
      {unblock.isError && (
        <Alert tone="error" className="mt-4">
          {errorMessage(unblock.error, `Could not unblock ${username}. Please try again.`)}
        </Alert>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Button
          variant="secondary"
          loading={unblock.isPending}
          onClick={() => unblock.mutate({ userId, block: false }, { onSuccess: onUnblocked })}
        >
          Unblock
        </Button>
        <Link to="/search" className={buttonClasses('primary')}>
          Find people
        </Link>
      </div>
    </ProfileNotice>
  );
}

function ProfileView({
  userId,
  own,
  FollowButton,
  MessageButton,
  TrustSection,
}: MemberActions & { userId: number; own: boolean }) {
  const profile = useProfile(userId);
  const [followList, setFollowList] = useState<FollowListTab | null>(null);
  const [blocked, setBlocked] = useState(false);

  if (blocked && profile.data) {
    return (
      <BlockedNotice
        userId={userId}
        username={profile.data.username}
        onUnblocked={() => setBlocked(false)}
      />
    );
  }

  if (profile.isPending) {
    return (
      <div
        role="status"
        className="flex items-center justify-center gap-2 py-24 text-sm text-slate-500"
      >
        <Spinner className="size-4 text-emerald-700" />
        Loading profile…
      </div>
    );
  }

  if (profile.isError) {
    if (profile.error instanceof HttpError && profile.error.status === 404)
      return <ProfileNotFound />;
    return (
      <div className={pageClass}>
        <RetryAlert onRetry={() => void profile.refetch()}>
          Could not load this profile. Please try again.
        </RetryAlert>
      </div>
    );
  }

  const data = profile.data;
  const activityVisible = own || data.activity_visible;

  return (
    <div className={pageClass}>
      <ProfileHeader
        profile={data}
        own={own}
        onOpenFollowList={setFollowList}
        onBlocked={() => setBlocked(true)}
        FollowButton={FollowButton}
        MessageButton={MessageButton}
      />
      {!data.restricted && (
        <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
          <div className="space-y-6 lg:col-span-3">
            <AboutSection own={own} bio={data.bio} />
            <ContactSection own={own} phone={data.phone_number} city={data.location_city} />
            <SkillsSection own={own} skills={data.skills} sports={data.sports} />
            {TrustSection && <TrustSection userId={userId} own={own} />}
            <InterestsSection own={own} tags={data.tags} />
            <AvailabilitySection own={own} slots={data.availability} />
          </div>
          <div className="space-y-6 lg:col-span-2">
            <PostsSection
              userId={userId}
              username={data.username}
              own={own}
              visible={activityVisible}
            />
            <ReviewsSection
              userId={userId}
              username={data.username}
              own={own}
              visible={activityVisible}
            />
          </div>
        </div>
      )}
      {followList !== null && (
        <FollowListModal
          profile={data}
          tab={followList}
          onTabChange={setFollowList}
          onClose={() => setFollowList(null)}
          FollowButton={FollowButton}
        />
      )}
    </div>
  );
}

/**
 * A member's profile (spec part 2 §2 "Profile"): /profile is the viewer's own, /profile/{id}
 * anyone's (the own variant when the id is the viewer's). An id that is not a valid id shows
 * 'Profile not found'. The follow and message buttons come from the app ({@link MemberActions}).
 */
export function ProfilePage(actions: MemberActions) {
  const { userId } = useParams();
  const viewer = useCurrentUser();
  const parsed =
    userId === undefined ? { success: true as const, data: viewer.id } : idSchema.safeParse(userId);
  if (!parsed.success) return <ProfileNotFound />;
  const id = parsed.data;
  return <ProfileView key={id} userId={id} own={id === viewer.id} {...actions} />;
}

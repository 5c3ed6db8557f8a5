import { Camera, ImageUp, Lock, Settings } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Avatar } from '../../../components/Avatar';
import { buttonClasses } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { HttpError, errorMessage } from '../../../lib/api-client';
import { IMAGE_TYPES } from '@gameon/shared';
import type { UserProfile } from '@gameon/shared';
import { cx } from '../../../lib/format';
import { useUploadImage } from '../api';
import type { ImageKind } from '../api';
import type { MemberActions } from '../member-actions';
import { imageProblem, unreadableImage } from '../profile-fields';
import type { FollowListTab } from './FollowListModal';
import { ProfileActionsMenu } from './ProfileActionsMenu';

type Notice = { tone: 'success' | 'error'; text: string } | null;

const UPLOADED: Record<ImageKind, string> = {
  avatar: 'Profile picture updated successfully!',
  cover: 'Cover photo updated successfully!',
};

/** Answers whose words say what to do: a refused file (400, 413), too many uploads (429), busy (503). */
const TOLD_STATUSES = new Set([400, 413, 429, 503]);

/**
 * The upload failure text (spec part 2 §8): a refused file (400, 413), the member's upload limit
 * (429) and a server busy with others' pictures (503) show the server's words, which say when
 * to try again; a server that received the file but could not save it (other 5xx) "Failed to
 * save image. Please try again."; no answer at all (offline, timed out) "Failed to upload image.
 * Please try again."
 */
function uploadFailureMessage(error: unknown): string {
  if (!(error instanceof HttpError)) return 'Failed to upload image. Please try again.';
  if (TOLD_STATUSES.has(error.status))
    return errorMessage(error, 'Failed to upload image. Please try again.');
  if (error.status >= 500) return 'Failed to save image. Please try again.';
  return 'Failed to upload image. Please try again.';
}

interface ImagePickerProps {
  /** Accessible name of the file input. */
  label: string;
  onPick: (file: File) => void;
  disabled: boolean;
  className: string;
  /** What the picker looks like (the file input itself is visually hidden). */
  children: ReactNode;
}

/** A file input dressed as a button; the chosen file goes to `onPick` and the input is reset. */
function ImagePicker({ label, onPick, disabled, className, children }: ImagePickerProps) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={cx(
        'cursor-pointer has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-emerald-600',
        disabled && 'pointer-events-none opacity-70',
        className,
      )}
    >
      {children}
      <input
        id={id}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        aria-label={label}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so picking the same file again still reports a change.
          event.target.value = '';
          if (file) onPick(file);
        }}
        className="sr-only"
      />
    </label>
  );
}

interface ProfileHeaderProps extends MemberActions {
  profile: UserProfile;
  own: boolean;
  onOpenFollowList: (tab: FollowListTab) => void;
  onBlocked: () => void;
}

/**
 * The top of a profile (spec part 2 §2): cover banner, avatar with the online dot, username,
 * follower and following counts (opening the modal) and the actions: Settings, Change Cover and
 * the avatar edit on the own profile; Follow, Message (when followed) and the Block/Report menu
 * on another's.
 */
export function ProfileHeader({
  profile,
  own,
  onOpenFollowList,
  onBlocked,
  FollowButton,
  MessageButton,
}: ProfileHeaderProps) {
  const [notice, setNotice] = useState<Notice>(null);
  const avatarUpload = useUploadImage('avatar');
  const coverUpload = useUploadImage('cover');
  const nameId = useId();

  const upload = async (kind: ImageKind, file: File) => {
    const problem = imageProblem(file, kind) ?? (await unreadableImage(file));
    if (problem !== null) {
      setNotice({ tone: 'error', text: problem });
      return;
    }
    setNotice(null);
    (kind === 'avatar' ? avatarUpload : coverUpload).mutate(file, {
      onSuccess: () => setNotice({ tone: 'success', text: UPLOADED[kind] }),
      onError: (error) => {
        console.error('Could not upload the image', error);
        setNotice({ tone: 'error', text: uploadFailureMessage(error) });
      },
    });
  };

  const counts: { tab: FollowListTab; count: number; label: string }[] = [
    {
      tab: 'followers',
      count: profile.followers_count,
      label: profile.followers_count === 1 ? 'Follower' : 'Followers',
    },
    { tab: 'following', count: profile.following_count, label: 'Following' },
  ];

  return (
    <section
      aria-labelledby={nameId}
      className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="relative h-36 bg-gradient-to-br from-emerald-500 via-teal-600 to-sky-700 sm:h-48 lg:h-56">
        {profile.cover_photo_url !== null && (
          <img
            src={profile.cover_photo_url}
            alt=""
            className="absolute inset-0 size-full object-cover"
          />
        )}
        {coverUpload.isPending && (
          <span className="absolute inset-0 grid place-items-center bg-slate-900/40 text-white">
            <Spinner className="size-6" />
          </span>
        )}
        {own && (
          <ImagePicker
            label="Upload cover photo"
            onPick={(file) => void upload('cover', file)}
            disabled={coverUpload.isPending}
            className={buttonClasses('light', 'sm', 'absolute right-3 bottom-3 bg-white/90')}
          >
            <ImageUp aria-hidden="true" className="size-4" />
            Change Cover
          </ImagePicker>
        )}
      </div>

      <div className="px-4 pb-5 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="relative -mt-12 sm:-mt-14">
            <Avatar src={profile.profile_picture_url} size={104} className="ring-4" />
            {avatarUpload.isPending && (
              <span className="absolute inset-0 grid place-items-center rounded-full bg-slate-900/40 text-white">
                <Spinner className="size-6" />
              </span>
            )}
            {profile.online === true && (
              <span
                title="Online"
                className="absolute top-2 right-2 size-4 rounded-full bg-emerald-500 ring-3 ring-white"
              >
                <span className="sr-only">Online</span>
              </span>
            )}
            {own && (
              <ImagePicker
                label="Upload profile picture"
                onPick={(file) => void upload('avatar', file)}
                disabled={avatarUpload.isPending}
                className="absolute right-0 bottom-0 grid size-9 place-items-center rounded-full bg-emerald-700 text-white shadow ring-2 ring-white hover:bg-emerald-800"
              >
                <Camera aria-hidden="true" className="size-4" />
              </ImagePicker>
            )}
          </div>

          {/* Name and counts; from sm up the actions sit beside the avatar and these go below. */}
          <div className="w-full sm:order-last">
            <div className="flex flex-wrap items-center gap-2">
              <h1 id={nameId} className="text-2xl font-bold break-all text-slate-900 sm:text-3xl">
                {profile.username}
              </h1>
              {!own && profile.follows_you && (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600">
                  Follows you
                </span>
              )}
            </div>

            <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
              {counts.map(({ tab, count, label }) => (
                <li key={tab}>
                  {profile.restricted ? (
                    <span>
                      <strong className="font-semibold text-slate-900">{count}</strong> {label}
                    </span>
                  ) : (
                    <button
                      type="button"
                      onClick={() => onOpenFollowList(tab)}
                      className="rounded hover:text-emerald-700 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
                    >
                      <strong className="font-semibold text-slate-900">{count}</strong> {label}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </div>

          <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
            {own ? (
              <Link to="/settings" className={buttonClasses('secondary', 'sm')}>
                <Settings aria-hidden="true" className="size-4" />
                Settings
              </Link>
            ) : (
              <>
                <FollowButton
                  userId={profile.id}
                  following={profile.is_following}
                  describedBy={nameId}
                />
                {profile.is_following && (
                  <MessageButton userId={profile.id} username={profile.username} />
                )}
                <ProfileActionsMenu
                  userId={profile.id}
                  username={profile.username}
                  onBlocked={onBlocked}
                  onReported={(message) => setNotice({ tone: 'success', text: message })}
                />
              </>
            )}
          </div>
        </div>

        {profile.restricted && (
          <p className="mt-4 flex items-center gap-2 rounded-xl bg-slate-50 px-3 py-3 text-sm text-slate-600">
            <Lock aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            This profile is private. Follow each other to see more.
          </p>
        )}

        {notice !== null && (
          <Alert tone={notice.tone} className="mt-4">
            {notice.text}
          </Alert>
        )}
      </div>
    </section>
  );
}

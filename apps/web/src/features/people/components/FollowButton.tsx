import { UserCheck, UserPlus } from 'lucide-react';
import { Button } from '../../../components/Button';
import type { ButtonSize } from '../../../components/Button';
import { useFollowToggle } from '../api';

interface FollowButtonProps {
  userId: number;
  /** Whether the viewer follows the member now. */
  following: boolean;
  size?: ButtonSize;
  /** Id of the member's name, so the button is announced with it. */
  describedBy?: string;
  className?: string;
}

/**
 * The Follow/Following toggle (spec part 1 §4, spec part 2 §4): disabled while the request and
 * the refetch after it run. A failure is logged only (spec part 1 §8); the label stays as it was.
 */
export function FollowButton({
  userId,
  following,
  size = 'sm',
  describedBy,
  className,
}: FollowButtonProps) {
  const toggle = useFollowToggle();
  const Icon = following ? UserCheck : UserPlus;

  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      size={size}
      loading={toggle.isPending}
      aria-describedby={describedBy}
      className={className}
      onClick={() =>
        toggle.mutate(
          { userId, follow: !following },
          { onError: (error) => console.error('Could not change the follow', error) },
        )
      }
    >
      {!toggle.isPending && <Icon aria-hidden="true" className="size-4" />}
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}

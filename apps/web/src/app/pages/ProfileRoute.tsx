import { FollowButton } from '../../features/people/components/FollowButton';
import { MessageButton } from '../../features/people/components/MessageButton';
import { ProfilePage } from '../../features/profile/pages/ProfilePage';
import { MemberTrustSection } from '../../features/trust/components/MemberTrustSection';

/**
 * /profile and /profile/{id}: the profile feature's page with the people feature's Follow and
 * Message buttons (spec part 2 §2, §4) and the trust feature's record and levels; the features
 * meet here, not in each other.
 */
export function ProfileRoute() {
  return (
    <ProfilePage
      FollowButton={FollowButton}
      MessageButton={MessageButton}
      TrustSection={MemberTrustSection}
    />
  );
}

import { GameCostPanel } from '../../features/costs/components/GameCostPanel';
import { InterestButton } from '../../features/feed/components/InterestButton';
import { GameChatLink } from '../../features/messages/components/GameChatLink';
import { GamePage } from '../../features/posts/pages/GamePage';
import { GameTrustPanel } from '../../features/trust/components/GameTrustPanel';

/**
 * /posts/{id}: the posts feature's game page with the feed feature's join/leave button, the
 * messages feature's "Open chat", the costs feature's cost split and the trust feature's
 * check-in and levels; the features meet
 * here, not in each other.
 */
export function GameRoute() {
  return (
    <GamePage
      InterestButton={InterestButton}
      ChatLink={GameChatLink}
      CostPanel={GameCostPanel}
      Trust={GameTrustPanel}
    />
  );
}

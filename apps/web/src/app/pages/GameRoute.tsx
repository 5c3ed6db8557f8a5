import { InterestButton } from '../../features/feed/components/InterestButton';
import { GamePage } from '../../features/posts/pages/GamePage';

/**
 * /posts/{id}: the posts feature's game page with the feed feature's join/leave button;
 * the two features meet here, not in each other.
 */
export function GameRoute() {
  return <GamePage InterestButton={InterestButton} />;
}

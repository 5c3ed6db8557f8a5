import { PageMain, SkipLink } from './PageMain';
import { PublicFooter } from './PublicFooter';
import { PublicNav } from './PublicNav';

/**
 * The visitor's frame (spec part 1 §2 "Landing page"): the landing page's navigation
 * and footer around the landing page and the public pages (/about, /privacy, /terms, /download).
 */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <SkipLink />
      <PublicNav />
      <PageMain />
      <PublicFooter />
    </div>
  );
}

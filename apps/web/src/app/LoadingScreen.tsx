import { Logo } from '../components/Logo';
import { Spinner } from '../components/Spinner';

/** Shown while the stored session is being checked at start-up (spec part 1 §4). */
export function LoadingScreen() {
  return (
    <div
      role="status"
      className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-slate-50"
    >
      <Logo size={56} />
      <span className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner className="size-4 text-emerald-600" />
        Loading your game…
      </span>
    </div>
  );
}

/** Shown inside a frame (signed-in or public) while a page's code loads. */
export function PageLoading() {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 py-24 text-sm text-slate-500"
    >
      <Spinner className="size-4 text-emerald-600" />
      Loading…
    </div>
  );
}

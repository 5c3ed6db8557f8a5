/** A grey placeholder in the shape of a post card, shown while the feed loads. */
export function PostCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="animate-pulse rounded-2xl bg-white p-5 ring-1 ring-slate-200"
    >
      <div className="h-6 w-28 rounded-full bg-slate-200" />
      <div className="mt-4 h-5 w-3/4 rounded bg-slate-200" />
      <div className="mt-3 h-3 w-full rounded bg-slate-100" />
      <div className="mt-2 h-3 w-5/6 rounded bg-slate-100" />
      <div className="mt-5 grid grid-cols-2 gap-3">
        <div className="h-4 rounded bg-slate-100" />
        <div className="h-4 rounded bg-slate-100" />
        <div className="h-4 rounded bg-slate-100" />
        <div className="h-4 rounded bg-slate-100" />
      </div>
      <div className="mt-5 flex items-center justify-between border-t border-slate-100 pt-4">
        <div className="h-7 w-32 rounded-full bg-slate-100" />
        <div className="h-10 w-32 rounded-lg bg-slate-200" />
      </div>
    </div>
  );
}

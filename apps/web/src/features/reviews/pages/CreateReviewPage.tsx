// PLACEHOLDER (issue 12, branch public-pages): stands in for the reviews feature's real page so
// that the route table compiles before that branch merges. Delete at merge; the real
// CreateReviewPage replaces it under the same path and export name.

/** Placeholder of /create-review until the reviews feature merges (delete at merge). */
export function CreateReviewPage() {
  return <h1 className="px-6 py-8 text-2xl font-bold text-slate-900">Write a review</h1>;
}

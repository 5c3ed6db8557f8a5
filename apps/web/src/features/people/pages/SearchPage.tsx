import { SEARCH_MIN_CHARS } from '@gameon/shared';
import { Search, SearchX, UsersRound } from 'lucide-react';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { hintId, inputClasses } from '../../../components/FormField';
import { Spinner } from '../../../components/Spinner';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePeopleSearch } from '../api';
import { UserResultCard } from '../components/UserResultCard';
import { RetryAlert } from '../../../components/LoadStates';

/** Delay after the last keystroke before searching. */
const SEARCH_DEBOUNCE_MS = 300;
const INPUT_ID = 'people-search';

/**
 * Find People (spec part 1 §2, §5): search by name, sport or interests once more than 2
 * characters are typed, debounced; each result with Follow/Following and, for people followed,
 * Message. Empty: 'No users found'. The query is kept in `?q=`, so Back returns to the results.
 */
export function SearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const text = searchParams.get('q') ?? '';
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const search = usePeopleSearch(debounced);
  const ready = debounced.trim().length >= SEARCH_MIN_CHARS;
  const typing = text.trim() !== debounced.trim();
  const users = search.data?.pages.flatMap((page) => page.users) ?? [];

  useEffect(() => {
    if (search.error) console.error('Could not search people', search.error);
  }, [search.error]);

  let results: ReactNode;
  if (!ready) {
    results = (
      <EmptyState icon={UsersRound} title="Find teammates and rivals">
        Search by username, sport (e.g. Cricket) or interest (e.g. turf).
      </EmptyState>
    );
  } else if (search.isPending) {
    results = (
      <p
        role="status"
        className="flex items-center justify-center gap-2 py-12 text-sm text-slate-500"
      >
        <Spinner className="size-4 text-emerald-700" />
        Searching…
      </p>
    );
  } else if (search.isError) {
    results = (
      <RetryAlert onRetry={() => void search.refetch()}>
        Could not search right now. Please try again.
      </RetryAlert>
    );
  } else if (users.length === 0) {
    results = (
      <EmptyState icon={SearchX} title="No users found">
        Try another name, sport or interest.
      </EmptyState>
    );
  } else {
    results = (
      <>
        <ul aria-label="People found" className="space-y-3">
          {users.map((user) => (
            <li key={user.id}>
              <UserResultCard user={user} />
            </li>
          ))}
        </ul>
        {search.hasNextPage && (
          <div className="mt-6 flex justify-center">
            <Button
              variant="secondary"
              loading={search.isFetchingNextPage}
              onClick={() => void search.fetchNextPage()}
            >
              Load more
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Find People</h1>
      <p className="mt-1 text-sm text-slate-500">
        Follow players you like; message the people you follow.
      </p>

      <div role="search" className="mt-6">
        <label htmlFor={INPUT_ID} className="text-sm font-medium text-slate-700">
          Search people
        </label>
        <div className="relative mt-1.5">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          />
          <input
            id={INPUT_ID}
            type="search"
            autoComplete="off"
            enterKeyHint="search"
            value={text}
            onChange={(event) =>
              setSearchParams(event.target.value === '' ? {} : { q: event.target.value }, {
                replace: true,
              })
            }
            aria-describedby={hintId(INPUT_ID)}
            placeholder="Name, sport or interest"
            className={inputClasses(false, 'pl-9')}
          />
          {typing && text.trim().length >= SEARCH_MIN_CHARS && (
            <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
          )}
        </div>
        <p id={hintId(INPUT_ID)} className="mt-1.5 text-xs text-slate-500">
          Type at least {SEARCH_MIN_CHARS} characters.
        </p>
      </div>

      <div className="mt-6">{results}</div>
    </div>
  );
}

import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/Button';
import { withNext } from '../../../lib/sign-in-return';

/**
 * What / shows above the landing page after a member page was opened signed out (BEYOND-THE-SPEC
 * "Signed-out deep links"): "Sign in to continue", leading to /login (or /register) with the page
 * `next` names, so signing in goes back there.
 */
export function SignInToContinue({ next }: { next: string }) {
  return (
    <section
      aria-labelledby="sign-in-to-continue"
      className="border-b border-emerald-200 bg-emerald-50"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-5 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div>
          <h2 id="sign-in-to-continue" className="text-lg font-bold text-slate-900">
            Sign in to continue
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            That page is for GameOn members. Sign in and you will go straight back to it.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={withNext('/login', next)} className={buttonClasses('primary', 'md')}>
            <LogIn aria-hidden="true" className="size-4" />
            Sign In
          </Link>
          <Link to={withNext('/register', next)} className={buttonClasses('secondary', 'md')}>
            Create an account
          </Link>
        </div>
      </div>
    </section>
  );
}

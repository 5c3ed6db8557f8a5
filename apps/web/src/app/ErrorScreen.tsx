import { House, RotateCcw, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../components/Button';
import { LogoLink } from '../components/LogoLink';
import { DocumentTitle } from './DocumentTitle';

/**
 * What a page that throws, or whose code fails to load, shows instead of a blank page (spec part
 * 1 §8: "Unexpected Application Error!"): a way home and a reload, which also fetches the code of
 * a newer version. React Router logs the error to the console as it catches it.
 */
export function ErrorScreen() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-8 bg-slate-50 px-4 py-12">
      <DocumentTitle title="Something went wrong · GameOn" />
      <LogoLink size={44} />
      <main className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-xl ring-1 shadow-slate-200/60 ring-slate-200">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-amber-50 text-amber-600">
          <TriangleAlert aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Unexpected Application Error!</h1>
        <p className="mt-2 text-sm text-slate-600">
          Something went wrong while showing this page. Go back to the home page, or try again.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/" className={buttonClasses('primary', 'md')}>
            <House aria-hidden="true" className="size-4" />
            Go to home
          </Link>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Try again
          </Button>
        </div>
      </main>
    </div>
  );
}

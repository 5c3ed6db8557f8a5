import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/Button';

/**
 * /account-deleted: where a member lands once their account is deleted (the Security tab's
 * "Delete account"), signed out, told plainly that the account and what it held are gone.
 */
export function AccountDeletedPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="grid size-14 place-items-center rounded-full bg-emerald-50 text-emerald-700">
        <CircleCheck aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-5 text-2xl font-bold text-slate-900 sm:text-3xl">
        Your account has been deleted
      </h1>
      <p className="mt-3 text-base text-slate-700">
        Your profile, pictures, posts, follows, messages and settings are gone for good, and you
        have been signed out. Thank you for playing with GameOn.
      </p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to="/" className={buttonClasses('primary', 'lg')}>
          Go to the home page
        </Link>
        <Link to="/register" className={buttonClasses('secondary', 'lg')}>
          Create a new account
        </Link>
      </div>
    </section>
  );
}

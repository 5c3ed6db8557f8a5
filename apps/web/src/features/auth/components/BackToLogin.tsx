import { BackLink } from '../../../components/BackLink';

/** The way out of the password reset screens, under their card. */
export function BackToLogin() {
  return (
    <p className="mt-6 text-center text-sm">
      <BackLink
        to="/login"
        className="inline-flex items-center gap-1.5 font-semibold text-emerald-700 hover:text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
      >
        Back to sign in
      </BackLink>
    </p>
  );
}

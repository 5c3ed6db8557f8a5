import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/Button';

/** The sign-up call to action of the landing page (spec part 1 §2). */
export function CallToAction() {
  return (
    <section aria-labelledby="cta-heading" className="bg-white py-16 md:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-emerald-600 to-teal-700 px-6 py-12 text-center text-white shadow-xl sm:px-12">
          <div
            aria-hidden="true"
            className="absolute -bottom-24 -left-24 size-72 rounded-full bg-white/10 blur-2xl"
          />
          <h2 id="cta-heading" className="relative text-3xl font-bold sm:text-4xl">
            Your team is looking for you
          </h2>
          <p className="relative mx-auto mt-3 max-w-xl text-emerald-50">
            Create a free account in under a minute and see the games happening near you today.
          </p>
          <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/register" className={buttonClasses('light', 'lg')}>
              Create your free account
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link
              to="/login"
              className={buttonClasses(
                'ghost',
                'lg',
                'text-white ring-1 ring-white/40 hover:bg-white/10 hover:text-white',
              )}
            >
              I already have an account
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

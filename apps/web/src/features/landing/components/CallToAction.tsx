import { SignUpBanner } from '../../../components/SignUpBanner';

/** The sign-up call to action of the landing page (spec part 1 §2). */
export function CallToAction() {
  return (
    <SignUpBanner
      headingId="cta-heading"
      title="Your team is looking for you"
      text="Create a free account in under a minute and see the games happening near you today."
      secondary={{ to: '/login', label: 'I already have an account' }}
      className="bg-white py-16 md:py-20"
    />
  );
}

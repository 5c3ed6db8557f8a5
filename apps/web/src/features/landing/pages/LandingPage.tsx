import { useLocation } from 'react-router';
import { AboutGameOn } from '../../../components/AboutGameOn';
import { nextPath } from '../../../lib/sign-in-return';
import { CallToAction } from '../components/CallToAction';
import { Features } from '../components/Features';
import { Gallery } from '../components/Gallery';
import { Hero } from '../components/Hero';
import { PopularSports } from '../components/PopularSports';
import { SignInToContinue } from '../components/SignInToContinue';

/**
 * The visitor's home at / (spec part 1 §2 "Landing page"); the route table puts it in the public
 * frame, which holds the top navigation and the footer. Reached from a member page opened signed
 * out (`?next=`), it first asks to sign in to continue there.
 */
export function LandingPage() {
  const next = nextPath(useLocation().search);
  return (
    <>
      {next !== null && <SignInToContinue next={next} />}
      <Hero />
      <PopularSports />
      <Features />
      <Gallery />
      <AboutGameOn />
      <CallToAction />
    </>
  );
}

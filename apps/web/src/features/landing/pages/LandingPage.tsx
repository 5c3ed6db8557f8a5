import { AboutGameOn } from '../../../components/AboutGameOn';
import { CallToAction } from '../components/CallToAction';
import { Features } from '../components/Features';
import { Gallery } from '../components/Gallery';
import { Hero } from '../components/Hero';
import { PopularSports } from '../components/PopularSports';

/**
 * The visitor's home at / (spec part 1 §2 "Landing page"); the route table puts it in the public
 * frame, which holds the top navigation and the footer.
 */
export function LandingPage() {
  return (
    <>
      <Hero />
      <PopularSports />
      <Features />
      <Gallery />
      <AboutGameOn />
      <CallToAction />
    </>
  );
}

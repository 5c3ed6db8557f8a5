import { AboutGameOn } from '../../../components/AboutGameOn';
import { CallToAction } from '../components/CallToAction';
import { Features } from '../components/Features';
import { Gallery } from '../components/Gallery';
import { Hero } from '../components/Hero';
import { LandingFooter } from '../components/LandingFooter';
import { LandingNav } from '../components/LandingNav';
import { PopularSports } from '../components/PopularSports';

/** The visitor's home at / (spec part 1 §2 "Landing page"). */
export function LandingPage() {
  return (
    <div className="min-h-dvh bg-white">
      <LandingNav />
      <main>
        <Hero />
        <PopularSports />
        <Features />
        <Gallery />
        <AboutGameOn />
        <CallToAction />
      </main>
      <LandingFooter />
    </div>
  );
}

import { Bell, CalendarDays, MapPin, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { SignUpBanner } from '../../../components/SignUpBanner';
import { AppButtons } from '../components/AppButtons';
import { Faq } from '../components/Faq';
import type { FaqItem } from '../components/Faq';
import { IconPoints } from '../components/IconPoints';
import { InfoHero } from '../components/InfoHero';
import { Screenshots } from '../components/Screenshots';
import { infoLinkClass } from '../components/info-link';

const features = [
  {
    icon: MapPin,
    title: 'Games near you',
    text: 'Pickup games and scrims around you, with the distance in km and filters by sport.',
  },
  {
    icon: MessagesSquare,
    title: 'Squad chat',
    text: 'Say you are in and land in the game’s group chat; message any player directly.',
  },
  {
    icon: Bell,
    title: 'Live notifications',
    text: 'Know the moment someone joins your game, follows you or posts a game nearby, with push notifications even when GameOn is closed.',
  },
  {
    icon: CalendarDays,
    title: 'Events',
    text: 'Tournaments and leagues in one place, ready for your team to sign up.',
  },
];

const faq: FaqItem[] = [
  {
    question: 'Is there a GameOn app?',
    answer:
      'Yes, and it installs straight from your browser, with no app store and nothing to pay. On Android, open GameOn in Chrome and tap Install (or ⋮ → Install app). On iPhone and iPad, open it in Safari, tap Share, then Add to Home Screen. It opens full screen from your home screen, like any app.',
  },
  {
    question: 'Is GameOn free?',
    answer:
      'Yes. Signing up, posting games, joining them and chatting are free. Premium features may come later; any price will be shown in rupees (₹) before you pay anything.',
  },
  {
    question: 'Will my account work in the app?',
    answer:
      'Yes. The app is GameOn itself: sign in with the same e-mail and password and your profile, games, followers and chats are all there.',
  },
  {
    question: 'Do I get notifications when GameOn is closed?',
    answer:
      'Yes, once you turn on push notifications in Settings on each phone or computer. While GameOn is open, new messages, interest in your games and games nearby arrive live, with a count on the bell. On iPhone and iPad, push works in the app added to your Home Screen, from iOS 16.4.',
  },
  {
    question: 'Who can join GameOn?',
    answer: (
      <>
        Anyone aged 13 or over, with one account per person. See our{' '}
        <Link to="/terms" className={infoLinkClass}>
          Terms of Service
        </Link>
        .
      </>
    ),
  },
];

/**
 * /download for visitors (spec part 2 §1, §2 "Download"): the hero with the iOS, Android and Web
 * Browser buttons, which offer the installable web app (the browser's install prompt, or the Home
 * Screen steps) rather than store apps, what the app does, screenshots of the real app, the FAQ
 * and calls to action to /register and /events.
 */
export function DownloadPage() {
  return (
    <>
      <InfoHero
        eyebrow="GameOn for iOS and Android"
        title="Download GameOn"
        actions={<AppButtons />}
      >
        <p>
          Find players, join games and chat with your squad from your phone. Add GameOn to your home
          screen straight from your browser: no app store, nothing to pay.
        </p>
      </InfoHero>
      <section
        aria-labelledby="app-features-heading"
        className="mx-auto max-w-5xl px-4 py-12 sm:px-6"
      >
        <h2 id="app-features-heading" className="text-center text-3xl font-bold text-slate-900">
          Made for game day
        </h2>
        <IconPoints
          points={features}
          tile="bg-emerald-100"
          className="gap-x-10 gap-y-8 sm:grid-cols-2"
        />
      </section>
      <section aria-labelledby="screenshots-heading" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-5xl px-4 sm:px-6">
          <h2 id="screenshots-heading" className="text-center text-3xl font-bold text-slate-900">
            See it in action
          </h2>
          <p className="mt-3 text-center text-slate-600">
            Screenshots of GameOn as it runs in a phone’s browser today.
          </p>
          <div className="mt-10">
            <Screenshots />
          </div>
        </div>
      </section>
      <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h2 id="faq-heading" className="text-center text-3xl font-bold text-slate-900">
          Frequently asked questions
        </h2>
        <div className="mt-8">
          <Faq items={faq} />
        </div>
      </section>
      <SignUpBanner
        headingId="download-cta-heading"
        title="Your next game is waiting"
        text="Create your free account now and find the games happening near you today."
        secondary={{ to: '/events', label: 'Browse Events', icon: CalendarDays }}
        className="pb-16"
      />
    </>
  );
}

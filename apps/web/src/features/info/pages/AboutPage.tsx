import { BadgeIndianRupee, Mail, ShieldCheck, UserCheck } from 'lucide-react';
import { Link } from 'react-router';
import { AboutGameOn } from '../../../components/AboutGameOn';
import { buttonClasses } from '../../../components/Button';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '../../../lib/contact';
import { IconPoints } from '../components/IconPoints';
import { InfoHero } from '../components/InfoHero';
import { infoLinkClass } from '../components/info-link';

const steps = [
  {
    title: 'Post a game',
    text: 'Pick the sport or online game, the place, the time and how many players you need.',
  },
  {
    title: 'Players say they are in',
    text: 'Members nearby see it in their feed and get a notification; one tap and they are in.',
  },
  {
    title: 'Chat with the squad',
    text: 'Everyone who is in lands in the game’s group chat to sort out the details.',
  },
  {
    title: 'Play, then review',
    text: 'Meet up or join the lobby, and tell others about the venue or the event afterwards.',
  },
];

const values = [
  {
    icon: BadgeIndianRupee,
    title: 'Free to play',
    text: 'Joining, posting games and chatting cost nothing. Premium features may come one day; they will be optional and priced in rupees.',
  },
  {
    icon: UserCheck,
    title: 'Real people',
    text: 'One account per person, aged 13 and over, so the player who says they are in is someone who shows up.',
  },
  {
    icon: ShieldCheck,
    title: 'Your privacy, your call',
    text: 'You choose who sees your profile, phone number and activity, and you can block anyone you would rather not hear from.',
  },
];

/**
 * /about (spec part 1 §1, part 2 §2 "About, Privacy, Terms"): what GameOn is, the
 * landing page's story with its figures, Mission and Vision, how a game comes together, what we
 * stand for, and how to reach us. Shown to visitors and members alike.
 */
export function AboutPage() {
  return (
    <>
      <InfoHero eyebrow="Who we are" title="About Us">
        <p>
          GameOn is a free social network for sports and esports fans across India: post the game
          you want to play, find teammates near you, and chat with the squad until the first
          whistle.
        </p>
      </InfoHero>
      <AboutGameOn />
      <section aria-labelledby="how-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="how-heading" className="text-center text-3xl font-bold text-slate-900">
          How a game comes together
        </h2>
        <ol className="mt-10 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <span
                aria-hidden="true"
                className="grid size-9 place-items-center rounded-full bg-emerald-700 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="values-heading" className="bg-emerald-50/60 py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="values-heading" className="text-center text-3xl font-bold text-slate-900">
            What we stand for
          </h2>
          <IconPoints
            points={values}
            tile="bg-white shadow-sm ring-1 ring-emerald-100"
            className="gap-5 md:grid-cols-3"
          />
        </div>
      </section>
      <section
        aria-labelledby="contact-heading"
        className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6"
      >
        <h2 id="contact-heading" className="text-3xl font-bold text-slate-900">
          Get in touch
        </h2>
        <p className="mt-3 text-slate-600">
          Questions, ideas, or a problem with a game? Our community support team answers around the
          clock.
        </p>
        <a href={SUPPORT_MAILTO} className={buttonClasses('primary', 'lg', 'mt-6')}>
          <Mail aria-hidden="true" className="size-5" />
          {SUPPORT_EMAIL}
        </a>
        <p className="mt-6 text-sm text-slate-500">
          Read our{' '}
          <Link to="/privacy" className={infoLinkClass}>
            Privacy Policy
          </Link>{' '}
          and{' '}
          <Link to="/terms" className={infoLinkClass}>
            Terms of Service
          </Link>
          .
        </p>
      </section>
    </>
  );
}

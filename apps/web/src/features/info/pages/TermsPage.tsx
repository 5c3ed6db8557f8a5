import { Link } from 'react-router';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '../../../lib/contact';
import { LegalDocument } from '../components/LegalDocument';
import type { LegalSection } from '../components/LegalDocument';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'These terms',
    body: (
      <p>
        These terms are the agreement between you and GameOn when you use the GameOn website or
        apps. By creating an account you accept them and our{' '}
        <Link to="/privacy">Privacy Policy</Link>. If you do not agree, please do not use GameOn.
      </p>
    ),
  },
  {
    id: 'your-account',
    title: 'Your account',
    body: (
      <ul>
        <li>You must be at least 13 years old to create an account.</li>
        <li>
          One account per person: do not create accounts for someone else, share an account, or keep
          a second one.
        </li>
        <li>Give a real e-mail address that you can read; we send your codes there.</li>
        <li>
          Keep your password to yourself. You are responsible for what happens in your account; if
          you think someone else has used it, change your password and tell us.
        </li>
      </ul>
    ),
  },
  {
    id: 'price',
    title: 'Price',
    body: (
      <p>
        GameOn is free to use. Premium features may come later; they will be optional, and their
        prices will be shown in rupees (₹), with what you get, before you pay anything. An entry fee
        or prize pool shown for an event is also in rupees and is set by its organiser.
      </p>
    ),
  },
  {
    id: 'playing-fair',
    title: 'Playing fair',
    body: (
      <>
        <p>GameOn works when people can trust each other. On GameOn you must not:</p>
        <ul>
          <li>harass, threaten, bully or insult anyone, or post hateful or sexual content;</li>
          <li>pretend to be someone else, or post games that do not exist;</li>
          <li>send spam or advertising, or collect other members&apos; data;</li>
          <li>write reviews of places or people you have not played with, or for payment;</li>
          <li>try to break, overload or get around the security of GameOn.</li>
        </ul>
        <p>
          When you say you are in for a game, turn up or leave the game in good time so that the
          next player on the waitlist gets your place.
        </p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content',
    body: (
      <p>
        What you post (your profile, pictures, games, messages and reviews) stays yours. You let
        GameOn store it and show it to other members as your settings allow, for as long as it is on
        GameOn. Post only what you have the right to share. We may remove content that breaks these
        terms.
      </p>
    ),
  },
  {
    id: 'meeting-up',
    title: 'Meeting up and playing',
    body: (
      <p>
        Games on GameOn are organised by members, not by GameOn. We do not check venues, players or
        equipment, and you take part at your own risk. Meet in public places, tell someone where you
        are going, and play within your fitness. If a member makes you feel unsafe, block them in{' '}
        <strong>Settings → Privacy</strong> and write to us.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending your account',
    body: (
      <p>
        You can delete your account at any time in{' '}
        <strong>Settings → Security → Delete account</strong>; the{' '}
        <Link to="/privacy">Privacy Policy</Link> explains what is removed. We may suspend or close
        an account that breaks these terms, and we will tell you why unless the law or the safety of
        others prevents it.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility',
    body: (
      <p>
        We work to keep GameOn running and safe, but we provide it as it is and cannot promise that
        it will always be available or free of errors. As far as the law allows, GameOn is not
        responsible for what members say or do, on GameOn or at a game. Nothing in these terms takes
        away rights you have under Indian consumer law.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and law',
    body: (
      <p>
        When we change these terms we update the date at the top of this page and tell members in
        the app before an important change takes effect; using GameOn after that means you accept
        the new terms. These terms are governed by the laws of India.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms, or a member to report? Write to{' '}
        <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

/** The Terms of Service at /terms (spec part 2 §1, §2 "About, Privacy, Terms"). */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      summary="The rules of GameOn: who can join, what it costs, and how we play fair."
      sections={sections}
    />
  );
}

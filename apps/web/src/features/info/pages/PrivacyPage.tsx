import { SESSION_IDLE_DAYS, SESSION_MAX_DAYS } from '@gameon/shared';
import { Link } from 'react-router';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '../../../lib/contact';
import { LegalDocument } from '../components/LegalDocument';
import type { LegalSection } from '../components/LegalDocument';

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        GameOn is a free social network for sports and esports fans in India. It helps you find
        people to play with, join their games and chat with them. This policy explains what we keep
        about you, why, for how long, and how you delete it. Questions go to{' '}
        <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
  {
    id: 'who-can-join',
    title: 'Who can join',
    body: (
      <p>
        You must be at least 13 years old to use GameOn, and each person may have only one account.
        We do not knowingly keep data about children under 13; if you believe a child under 13 has
        an account, write to us and we will delete it.
      </p>
    ),
  },
  {
    id: 'what-we-keep',
    title: 'What we keep',
    body: (
      <>
        <p>We keep only what GameOn needs to work:</p>
        <ul>
          <li>
            <strong>Your account:</strong> your e-mail address, your username and your password
            stored as a one-way hash (we never store or see the password itself), the sessions you
            are signed in with, and your settings (who may see your profile, phone number and
            activity, who may message you, your online status and the members you have blocked).
          </li>
          <li>
            <strong>Sessions:</strong> for each device you are signed in on, the browser&apos;s user
            agent (its name and version, shown to you as e.g. &ldquo;Chrome on Android&rdquo;), the
            IP address it signed in from, when it signed in and when it was last used (to the hour).
            You can see them and sign any of them out in{' '}
            <strong>Settings → Security → Sessions</strong>.
          </li>
          <li>
            <strong>Your profile:</strong> what you choose to add: bio, sports and skill levels,
            interests, availability, phone number, and home city with its position on the map (used
            to tell you about games near you).
          </li>
          <li>
            <strong>Pictures:</strong> the profile and cover pictures you upload.
          </li>
          <li>
            <strong>Games and group chats:</strong> the games you post (sport or online game, place,
            time, players needed, description and tags), the games you join or wait for, and the
            group chat of each game with its messages.
          </li>
          <li>
            <strong>Messages:</strong> the direct messages between you and other members, and which
            of them you have read.
          </li>
          <li>
            <strong>Follows:</strong> the members you follow and who follows you.
          </li>
          <li>
            <strong>Notifications:</strong> the notifications we send you (new followers, interest
            in your games, games nearby, new messages) and whether you have read them.
          </li>
          <li>
            <strong>Reviews:</strong> the reviews you write of venues, coaches, events, equipment
            and the app.
          </li>
          <li>
            <strong>IP addresses in rate limits:</strong> to stop people guessing passwords or
            flooding inboxes with codes, we count sign-in attempts and code e-mails per IP address
            and per e-mail address. Each count, with the address it belongs to, is kept only for its
            rate-limit window (at most 30 minutes) and then forgotten.
          </li>
          <li>
            <strong>Codes:</strong> the 6-digit codes we e-mail to confirm your address or reset
            your password, until they are used or expire.
          </li>
        </ul>
        <p>
          When you search for games near your current position, your browser sends that position
          with the search so that we can measure distances. Your browser keeps your sign-in token in
          its local storage so that you stay signed in; GameOn uses no advertising or tracking
          cookies.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    body: (
      <>
        <p>
          We use your data to run GameOn for you: to show your profile and games to other members as
          your settings allow, to find games near you, to deliver messages and notifications, to
          e-mail you codes, and to keep accounts safe.
        </p>
        <p>
          We do not sell your data, we do not show ads, and we do not share your data with anyone
          except the providers that host GameOn and send its e-mail for us, or when the law requires
          it.
        </p>
      </>
    ),
  },
  {
    id: 'who-sees-what',
    title: 'Who sees what',
    body: (
      <>
        <p>
          Your username and profile picture are visible to other members. Who sees the rest of your
          profile, your phone number and your past activity, and who may message you, is up to you
          in <strong>Settings → Privacy</strong>. There you can also block a member: you and they
          then no longer see each other.
        </p>
        <p>
          A game you post is shown to members looking for games, and its group chat to the players
          in it. Direct messages are seen only by the two of you. Reviews are visible to every
          member.
        </p>
      </>
    ),
  },
  {
    id: 'how-long',
    title: 'How long we keep it',
    body: (
      <p>
        We keep your account and its content for as long as you have the account. Rate-limit counts
        with IP addresses are kept only for their window (at most 30 minutes); codes until they are
        used or expire (a sign-up code after 10 minutes). A session, with its user agent, IP address
        and times, is deleted when you sign it out, after {SESSION_IDLE_DAYS} days without use, and
        at most {SESSION_MAX_DAYS} days after you signed in.
      </p>
    ),
  },
  {
    id: 'delete',
    title: 'Deleting your account',
    body: (
      <>
        <p>
          You can delete your account at any time in{' '}
          <strong>Settings → Security → Delete account</strong>, confirming with your password. This
          removes your account and its content for good: your profile, pictures, settings, games and
          their group chats, your places in other games, follows, notifications and reviews, and it
          signs you out everywhere.
        </p>
        <p>
          Messages you sent in other members&apos; conversations stay there so that the conversation
          still makes sense, shown as from &ldquo;Deleted user&rdquo;. If you want those removed
          too, write to <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>.
        </p>
      </>
    ),
  },
  {
    id: 'prices',
    title: 'Prices',
    body: (
      <p>
        GameOn is free, so we keep no payment details. Premium features may come later; if they do,
        their prices will be shown in rupees (₹) before you pay, and this policy will say what we
        keep about payments before we take any.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we update the date at the top of this page, and we tell members
        in the app before an important change takes effect. Please also read our{' '}
        <Link to="/terms">Terms of Service</Link>.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        For any question about your data, or to ask for a copy of it, write to{' '}
        <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

/** The Privacy Policy at /privacy (spec part 2 §1, §2 "About, Privacy, Terms"). */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      summary="What GameOn keeps about you, why, for how long, and how to delete it."
      sections={sections}
    />
  );
}

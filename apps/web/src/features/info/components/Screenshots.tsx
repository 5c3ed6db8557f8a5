import feedShot from '../../../assets/download/feed.webp';
import gameShot from '../../../assets/download/game.webp';
import messagesShot from '../../../assets/download/messages.webp';

/** Screenshots of the app in a phone's browser (375 px wide), taken from the running app. */
const shots = [
  {
    src: feedShot,
    title: 'Sports Feed',
    caption: 'Games near you, with the distance and how many players they need.',
    alt: 'The Sports Feed on a phone: games within 25 km, the Events banner, filters, and a Valorant ranked 5-stack 17.8 km away that needs 3 players.',
  },
  {
    src: messagesShot,
    title: 'Group chat',
    caption: 'Everyone who is in, in one chat until the game starts.',
    alt: 'A game’s group chat on a phone: priya writes “Hi! Count me in for Sunday.” and the host answers “Great, see you at 6. Turf is near the Sony signal.”',
  },
  {
    src: gameShot,
    title: 'Game page',
    caption: 'The place, the time, the players and the waitlist at a glance.',
    alt: 'A game’s page on a phone: Sunday 5-a-side at Koramangala, Bengaluru, with its date and time, 1 of 4 players, an empty waitlist and an Open chat button.',
  },
] as const;

/**
 * Screenshots of the real app (spec part 2 §2 "Download"): side by side, or a row to swipe
 * through on phones.
 */
export function Screenshots() {
  return (
    <div
      role="region"
      aria-label="App screenshots"
      tabIndex={0}
      className="-mx-4 overflow-x-auto px-4 pb-4 focus-visible:outline-2 focus-visible:outline-emerald-600 sm:mx-0 sm:overflow-visible sm:px-0"
    >
      <ul className="flex snap-x snap-mandatory gap-5 sm:grid sm:grid-cols-3 sm:gap-8">
        {shots.map((shot) => (
          <li key={shot.title} className="w-60 shrink-0 snap-center sm:w-auto">
            <figure>
              <div className="overflow-hidden rounded-[2rem] bg-slate-900 p-2 shadow-xl">
                <img
                  src={shot.src}
                  alt={shot.alt}
                  width={540}
                  height={1066}
                  loading="lazy"
                  className="h-auto w-full rounded-[1.5rem]"
                />
              </div>
              <figcaption className="mt-4 text-center">
                <span className="block font-semibold text-slate-900">{shot.title}</span>
                <span className="block text-sm text-slate-600">{shot.caption}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}

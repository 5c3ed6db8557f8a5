import { CalendarCheck, MessagesSquare, Share2, Star } from 'lucide-react';

const features = [
  {
    icon: CalendarCheck,
    title: 'Join events',
    text: 'Tournaments, leagues and weekend pickup games near you, with the details up front.',
  },
  {
    icon: MessagesSquare,
    title: 'Connect',
    text: 'Say you are in and land straight in the group chat with the rest of the squad.',
  },
  {
    icon: Share2,
    title: 'Share',
    text: 'Post the game you want to play, how many players you need, and where to meet.',
  },
  {
    icon: Star,
    title: 'Reviews',
    text: 'Read what players say about venues, coaches and events before you book.',
  },
];

/** The four feature cards of the landing page (spec part 1 §1, §2). */
export function Features() {
  return (
    <section aria-labelledby="features-heading" className="bg-slate-50 py-16 md:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-emerald-700 uppercase">
            Why GameOn
          </p>
          <h2 id="features-heading" className="mt-2 text-3xl font-bold text-slate-900">
            Everything between “anyone up for a game?” and the first whistle
          </h2>
        </div>
        <ul className="mt-12 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md"
            >
              <span className="grid size-12 place-items-center rounded-xl bg-gradient-to-br from-emerald-500 to-teal-600 text-white shadow-sm">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { Eye, Target } from 'lucide-react';

const stats = [
  { value: '10K+', label: 'Active users' },
  { value: '500+', label: 'Events hosted' },
  { value: '50+', label: 'Sports categories' },
  { value: '24/7', label: 'Community support' },
];

/** Mission and Vision, each a card with its icon tile. */
const aims = [
  {
    title: 'Our Mission',
    icon: Target,
    tile: 'bg-emerald-100 text-emerald-700',
    text: 'Make it effortless for anyone in India to find people to play with, whether that is a turf booked for 7 AM or a ranked lobby at midnight.',
  },
  {
    title: 'Our Vision',
    icon: Eye,
    tile: 'bg-violet-100 text-violet-700',
    text: 'A country where no game is cancelled for want of players, and every neighbourhood has a community that plays together every week.',
  },
];

/**
 * GameOn's story with the product's stated figures, Mission and Vision (spec part 1 §1, §2): the
 * landing page's about section and the heart of /about, kept in one place so they cannot drift.
 */
export function AboutGameOn() {
  return (
    <section
      id="about"
      aria-labelledby="about-heading"
      className="relative overflow-hidden bg-slate-900 py-16 text-white md:py-24"
    >
      <div
        aria-hidden="true"
        className="absolute -top-32 -right-32 size-[28rem] rounded-full bg-emerald-500/20 blur-3xl"
      />
      <div className="relative mx-auto max-w-7xl px-4 sm:px-6">
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-2 lg:items-center">
          <div>
            <p className="text-sm font-semibold tracking-wide text-emerald-400 uppercase">
              About GameOn
            </p>
            <h2 id="about-heading" className="mt-2 text-3xl font-bold">
              Built by players, for players
            </h2>
            <p className="mt-4 text-slate-300">
              GameOn started with a simple problem: a Sunday match that fell apart because two
              people dropped out. Today it helps thousands of fans across India fill their teams,
              discover local events and make friends who show up on time.
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-4">
            {stats.map((stat) => (
              <div key={stat.label} className="rounded-2xl bg-white/5 p-5 ring-1 ring-white/10">
                <dt className="text-sm text-slate-300">{stat.label}</dt>
                <dd className="mt-1 text-3xl font-extrabold text-emerald-400">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="mt-12 grid grid-cols-1 gap-5 md:grid-cols-2">
          {aims.map(({ title, icon: Icon, tile, text }) => (
            <article key={title} className="rounded-2xl bg-white p-6 text-slate-900 shadow-lg">
              <span className={`grid size-11 place-items-center rounded-xl ${tile}`}>
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 text-xl font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-slate-600">{text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

import { ArrowRight, CalendarDays, MapPin, Sparkles, Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/Button';
import { SportIcon } from '../../../components/SportIcon';

const previewGames = [
  {
    sport: 'Cricket',
    title: 'Box cricket, 8 overs a side',
    place: 'Powai, Mumbai',
    when: 'Sat · 7:00 am',
    needed: 3,
    tone: 'from-emerald-500 to-teal-600',
  },
  {
    sport: 'BGMI',
    title: 'Squad for Erangel scrims',
    place: 'Online',
    when: 'Tonight · 9:30 pm',
    needed: 2,
    tone: 'from-violet-500 to-fuchsia-600',
  },
  {
    sport: 'Badminton',
    title: 'Doubles at the club',
    place: 'Indiranagar, Bengaluru',
    when: 'Sun · 6:00 pm',
    needed: 1,
    tone: 'from-amber-500 to-orange-600',
  },
];

/** The landing hero with Get Started and Browse Events (spec part 1 §2). */
export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-emerald-50 via-white to-white">
      <div
        aria-hidden="true"
        className="absolute -top-40 left-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-emerald-200/40 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-7xl grid-cols-1 items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-semibold text-emerald-700 shadow-sm ring-1 ring-emerald-200">
            <Sparkles aria-hidden="true" className="size-3.5" />
            Free for every player in India
          </p>
          <h1 className="mt-5 text-4xl leading-[1.1] font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
            Find players. <span className="text-emerald-700">Join games.</span> Play more.
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-600">
            GameOn connects sports and esports fans with teammates near them. Post a game, get a
            squad, and chat with everyone before you hit the turf or the lobby.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/register" className={buttonClasses('primary', 'lg')}>
              Get Started
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link to="/events" className={buttonClasses('secondary', 'lg')}>
              <CalendarDays aria-hidden="true" className="size-4" />
              Browse Events
            </Link>
          </div>
          <p className="mt-6 text-sm text-slate-500">
            ₹0 to join · No ads between you and your game · Made in India
          </p>
        </div>
        <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
          <div className="absolute inset-0 -rotate-3 rounded-3xl bg-gradient-to-br from-emerald-500 to-teal-700 opacity-90" />
          <div className="relative space-y-3 rounded-3xl bg-white/95 p-4 shadow-2xl ring-1 ring-slate-200 sm:p-6">
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Games near you
            </p>
            {previewGames.map((game) => (
              <div
                key={game.title}
                className="flex items-center gap-3 rounded-2xl border border-slate-100 bg-white p-3 shadow-sm"
              >
                <span
                  className={`grid size-12 shrink-0 place-items-center rounded-xl bg-gradient-to-br ${game.tone} text-white`}
                >
                  <SportIcon sport={game.sport} className="size-6" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold text-slate-900">{game.title}</p>
                  <p className="flex items-center gap-1 truncate text-xs text-slate-500">
                    <MapPin className="size-3" /> {game.place} · {game.when}
                  </p>
                </div>
                <span className="flex shrink-0 items-center gap-1 rounded-full bg-emerald-50 px-2 py-1 text-xs font-semibold text-emerald-700">
                  <Users className="size-3" /> {game.needed}
                </span>
              </div>
            ))}
            <div className="rounded-2xl bg-slate-900 p-4 text-white">
              <p className="text-sm font-semibold">“I&apos;m in! Bringing the tennis ball.”</p>
              <p className="mt-1 text-xs text-slate-300">Box cricket group chat · just now</p>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

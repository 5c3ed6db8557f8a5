import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { SportIcon } from '../../../components/SportIcon';
import { cx } from '../../../lib/format';

type Category = 'Field sports' | 'Racquet sports' | 'Fitness' | 'Esports';

interface Tile {
  sport: string;
  caption: string;
  place: string;
  category: Category;
  tone: string;
}

const tiles: Tile[] = [
  {
    sport: 'Cricket',
    caption: 'Sunday morning tennis-ball league',
    place: 'Shivaji Park, Mumbai',
    category: 'Field sports',
    tone: 'from-emerald-500 via-green-600 to-teal-700',
  },
  {
    sport: 'Football',
    caption: '5-a-side under the lights',
    place: 'Koramangala, Bengaluru',
    category: 'Field sports',
    tone: 'from-lime-500 via-emerald-600 to-green-800',
  },
  {
    sport: 'Hockey',
    caption: 'Astroturf friendlies',
    place: 'Bhubaneswar, Odisha',
    category: 'Field sports',
    tone: 'from-sky-500 via-cyan-600 to-teal-700',
  },
  {
    sport: 'Volleyball',
    caption: 'Beach volleyball at sunset',
    place: 'Juhu Beach, Mumbai',
    category: 'Field sports',
    tone: 'from-cyan-400 via-sky-500 to-blue-700',
  },
  {
    sport: 'Badminton',
    caption: 'Doubles ladder, ₹50 a game',
    place: 'Hyderabad, Telangana',
    category: 'Racquet sports',
    tone: 'from-amber-400 via-orange-500 to-rose-600',
  },
  {
    sport: 'Table Tennis',
    caption: 'After-office TT rallies',
    place: 'Salt Lake, Kolkata',
    category: 'Racquet sports',
    tone: 'from-rose-500 via-red-500 to-orange-600',
  },
  {
    sport: 'Tennis',
    caption: 'Weekend hitting partners',
    place: 'DLF Phase 5, Gurugram',
    category: 'Racquet sports',
    tone: 'from-yellow-400 via-lime-500 to-green-600',
  },
  {
    sport: 'Running',
    caption: '5K sunrise run club',
    place: 'Marine Drive, Mumbai',
    category: 'Fitness',
    tone: 'from-orange-400 via-pink-500 to-purple-600',
  },
  {
    sport: 'Cycling',
    caption: 'Nandi Hills climb crew',
    place: 'Bengaluru, Karnataka',
    category: 'Fitness',
    tone: 'from-teal-400 via-sky-500 to-indigo-600',
  },
  {
    sport: 'BGMI',
    caption: 'Erangel scrims, 4-player squads',
    place: 'Online · Pan-India',
    category: 'Esports',
    tone: 'from-violet-500 via-purple-600 to-fuchsia-700',
  },
  {
    sport: 'Valorant',
    caption: 'Mumbai server 5-stacks',
    place: 'Online · Mumbai server',
    category: 'Esports',
    tone: 'from-rose-500 via-fuchsia-600 to-indigo-700',
  },
  {
    sport: 'EAFC',
    caption: 'Weekend Ultimate Team cup',
    place: 'Online · Prize pool ₹1,500',
    category: 'Esports',
    tone: 'from-indigo-500 via-blue-600 to-cyan-600',
  },
];

const tabs = ['All', 'Field sports', 'Racquet sports', 'Fitness', 'Esports'] as const;
type Tab = (typeof tabs)[number];

/** The gallery by category (spec part 1 §2), drawn with gradient tiles and icons. */
export function Gallery() {
  const [active, setActive] = useState<Tab>('All');
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const shown = active === 'All' ? tiles : tiles.filter((tile) => tile.category === active);
  // Two columns below lg: a lone last tile spans both (the first 'All' tile already does).
  const lastSpansRow = (shown.length + (active === 'All' ? 1 : 0)) % 2 === 1;

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (delta === 0) return;
    event.preventDefault();
    const next = (index + delta + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (tab === undefined) return;
    setActive(tab);
    tabRefs.current[next]?.focus();
  };

  return (
    <section aria-labelledby="gallery-heading" className="bg-white py-16 md:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold tracking-wide text-emerald-700 uppercase">
              Gallery
            </p>
            <h2 id="gallery-heading" className="mt-2 text-3xl font-bold text-slate-900">
              Game days across India
            </h2>
          </div>
          <div
            role="tablist"
            aria-label="Gallery categories"
            className="flex gap-2 overflow-x-auto pb-1"
          >
            {tabs.map((tab, index) => (
              <button
                key={tab}
                ref={(element) => {
                  tabRefs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`gallery-tab-${index}`}
                aria-selected={active === tab}
                aria-controls="gallery-panel"
                tabIndex={active === tab ? 0 : -1}
                onClick={() => setActive(tab)}
                onKeyDown={(event) => handleKeyDown(event, index)}
                className={cx(
                  'shrink-0 rounded-full px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600',
                  active === tab
                    ? 'bg-slate-900 text-white'
                    : 'bg-slate-100 text-slate-700 hover:bg-slate-200',
                )}
              >
                {tab}
              </button>
            ))}
          </div>
        </div>
        <div
          id="gallery-panel"
          role="tabpanel"
          aria-labelledby={`gallery-tab-${tabs.indexOf(active)}`}
          className="mt-10"
        >
          {/* The list sits inside the panel: a tabpanel role on the <ul> itself would hide the
              list from assistive technology and leave its items outside a list (issue 16). */}
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
            {shown.map((tile, index) => (
              <li
                key={tile.caption}
                className={cx(
                  'group relative flex min-h-44 flex-col justify-end overflow-hidden rounded-2xl bg-gradient-to-br p-3.5 text-white shadow-md sm:min-h-52 sm:rounded-3xl sm:p-5',
                  tile.tone,
                  active === 'All' && index === 0 && 'col-span-2 lg:row-span-2 lg:min-h-[27rem]',
                  lastSpansRow && index === shown.length - 1 && 'max-lg:col-span-2',
                )}
              >
                <div
                  aria-hidden="true"
                  className="absolute -top-6 -right-6 opacity-20 transition-transform duration-500 group-hover:scale-110 group-hover:rotate-6"
                >
                  <SportIcon sport={tile.sport} className="size-28 sm:size-40" />
                </div>
                <div
                  aria-hidden="true"
                  className="absolute inset-0 bg-gradient-to-t from-black/45 via-black/5 to-transparent"
                />
                <div className="relative">
                  <span className="inline-flex items-center gap-1.5 rounded-full bg-white/20 px-2.5 py-1 text-xs font-semibold backdrop-blur">
                    <SportIcon sport={tile.sport} className="size-3.5" />
                    {tile.sport}
                  </span>
                  <p className="mt-2 text-sm leading-snug font-bold sm:text-lg">{tile.caption}</p>
                  <p className="text-xs text-white/80 sm:text-sm">{tile.place}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

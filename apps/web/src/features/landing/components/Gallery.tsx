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

/**
 * The gallery's views: every tile, or one category. The choice is a radio group and each tile's
 * visibility and span follow the checked radio in CSS (Tailwind `group-has-*` variants), so the
 * gallery works without script on the pre-rendered landing page. The class names are
 * written out whole for Tailwind to find them.
 */
const views = [
  {
    label: 'All',
    id: 'gallery-all',
    hidden: '',
    lastSpans: 'max-lg:group-has-[#gallery-all:checked]:col-span-2',
  },
  {
    label: 'Field sports',
    id: 'gallery-field',
    hidden: 'group-has-[#gallery-field:checked]:hidden',
    lastSpans: 'max-lg:group-has-[#gallery-field:checked]:col-span-2',
  },
  {
    label: 'Racquet sports',
    id: 'gallery-racquet',
    hidden: 'group-has-[#gallery-racquet:checked]:hidden',
    lastSpans: 'max-lg:group-has-[#gallery-racquet:checked]:col-span-2',
  },
  {
    label: 'Fitness',
    id: 'gallery-fitness',
    hidden: 'group-has-[#gallery-fitness:checked]:hidden',
    lastSpans: 'max-lg:group-has-[#gallery-fitness:checked]:col-span-2',
  },
  {
    label: 'Esports',
    id: 'gallery-esports',
    hidden: 'group-has-[#gallery-esports:checked]:hidden',
    lastSpans: 'max-lg:group-has-[#gallery-esports:checked]:col-span-2',
  },
] as const satisfies readonly {
  label: 'All' | Category;
  id: string;
  hidden: string;
  lastSpans: string;
}[];

/** The first tile of 'All' is the big one: two columns, and two rows from lg. */
const FEATURED =
  'group-has-[#gallery-all:checked]:col-span-2 lg:group-has-[#gallery-all:checked]:row-span-2 lg:group-has-[#gallery-all:checked]:min-h-[27rem]';

/**
 * The classes of `tile` (at `index` in {@link tiles}) that depend on the view: hidden in the other
 * categories' views; in a view where it is the last tile and the tiles (the big first tile of
 * 'All' counting twice) leave it alone in its row of two, it spans both columns below lg.
 */
function viewClasses(tile: Tile, index: number): string {
  return views
    .flatMap((view) => {
      const shown =
        view.label === 'All' ? tiles : tiles.filter((other) => other.category === view.label);
      const classes: string[] = [];
      if (view.label !== 'All' && view.label !== tile.category) classes.push(view.hidden);
      const cells = shown.length + (view.label === 'All' ? 1 : 0);
      if (shown.at(-1) === tile && cells % 2 === 1) classes.push(view.lastSpans);
      if (view.label === 'All' && index === 0) classes.push(FEATURED);
      return classes;
    })
    .join(' ');
}

/** The gallery by category (spec part 1 §2), drawn with gradient tiles and icons. */
export function Gallery() {
  return (
    <section aria-labelledby="gallery-heading" className="group bg-white py-16 md:py-20">
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
          <fieldset className="min-w-0">
            <legend className="sr-only">Gallery categories</legend>
            {/* Each pill is `relative` so that its visually hidden radio (absolutely placed)
                stays inside it, within this scrolling row: placed by the section instead, the
                radios past the row's end made the page wider than a phone's screen. */}
            <div className="flex gap-2 overflow-x-auto p-1">
              {views.map((view) => (
                <label
                  key={view.id}
                  htmlFor={view.id}
                  className="relative shrink-0 cursor-pointer rounded-full bg-slate-100 px-4 py-2 text-sm font-semibold text-slate-700 transition-colors hover:bg-slate-200 has-checked:bg-slate-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-emerald-600"
                >
                  <input
                    type="radio"
                    name="gallery-category"
                    id={view.id}
                    value={view.label}
                    defaultChecked={view.label === 'All'}
                    className="sr-only"
                  />
                  {view.label}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
          {tiles.map((tile, index) => (
            <li
              key={tile.caption}
              className={cx(
                'group/tile relative flex min-h-44 flex-col justify-end overflow-hidden rounded-2xl bg-gradient-to-br p-3.5 text-white shadow-md sm:min-h-52 sm:rounded-3xl sm:p-5',
                tile.tone,
                viewClasses(tile, index),
              )}
            >
              <div
                aria-hidden="true"
                className="absolute -top-6 -right-6 opacity-20 transition-transform duration-500 group-hover/tile:scale-110 group-hover/tile:rotate-6"
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
    </section>
  );
}

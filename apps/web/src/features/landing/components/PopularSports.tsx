import { SportIcon } from '../../../components/SportIcon';

const popular = [
  { name: 'Cricket', note: 'Box, tennis-ball and leather', kind: 'Sport' },
  { name: 'Football', note: '5-a-side to full 11s', kind: 'Sport' },
  { name: 'Badminton', note: 'Singles and doubles', kind: 'Sport' },
  { name: 'Basketball', note: 'Half-court pickup', kind: 'Sport' },
  { name: 'Table Tennis', note: 'Club and office TT', kind: 'Sport' },
  { name: 'Running', note: 'Morning run clubs', kind: 'Sport' },
  { name: 'BGMI', note: 'Squads and scrims', kind: 'Esport' },
  { name: 'Valorant', note: '5-stacks and customs', kind: 'Esport' },
  { name: 'EAFC', note: 'Online and couch', kind: 'Esport' },
  { name: 'Call of Duty', note: 'Mobile and PC lobbies', kind: 'Esport' },
] as const;

/** The popular sports and games grid (spec part 1 §2). */
export function PopularSports() {
  return (
    <section aria-labelledby="popular-heading" className="bg-white py-16 md:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-emerald-700 uppercase">
            Popular right now
          </p>
          <h2 id="popular-heading" className="mt-2 text-3xl font-bold text-slate-900">
            Sports and games people are playing
          </h2>
          <p className="mt-3 text-slate-600">
            From gully cricket to ranked lobbies, there is a game waiting for you.
          </p>
        </div>
        <ul className="mt-10 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
          {popular.map((item) => {
            const esport = item.kind === 'Esport';
            return (
              <li
                key={item.name}
                className="group rounded-2xl border border-slate-200 bg-white p-4 transition hover:-translate-y-0.5 hover:border-emerald-300 hover:shadow-lg"
              >
                <span
                  className={`grid size-11 place-items-center rounded-xl ${
                    esport ? 'bg-violet-100 text-violet-700' : 'bg-emerald-100 text-emerald-700'
                  }`}
                >
                  <SportIcon sport={item.name} className="size-5" />
                </span>
                <p className="mt-3 font-semibold text-slate-900">{item.name}</p>
                <p className="text-xs text-slate-500">{item.note}</p>
                <p
                  className={`mt-2 inline-block rounded-full px-2 py-0.5 text-[11px] font-semibold ${
                    esport ? 'bg-violet-50 text-violet-700' : 'bg-emerald-50 text-emerald-700'
                  }`}
                >
                  {item.kind}
                </p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

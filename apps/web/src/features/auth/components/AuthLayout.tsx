import { Gamepad2, MapPin, MessagesSquare, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { LogoLink } from '../../../components/LogoLink';

const highlights = [
  { icon: MapPin, text: 'Find pickup games and turfs near you' },
  { icon: Gamepad2, text: 'Squad up for BGMI, Valorant and more' },
  { icon: MessagesSquare, text: 'Chat with your team before match day' },
];

/** Frame of the sign-in and sign-up screens: a brand panel beside the form on wide screens. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh bg-slate-50">
      <aside className="relative hidden w-[44%] max-w-xl flex-col justify-between overflow-hidden bg-gradient-to-br from-emerald-700 via-teal-700 to-slate-900 p-10 text-white lg:flex">
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 size-80 rounded-full bg-emerald-400/20 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="absolute -bottom-32 -left-16 size-96 rounded-full bg-teal-300/10 blur-3xl"
        />
        <LogoLink size={44} inverted linkClassName="relative w-fit" />
        <div className="relative space-y-8">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-emerald-100 uppercase ring-1 ring-white/20">
              <Trophy aria-hidden="true" className="size-3.5" /> India&apos;s game-day network
            </p>
            <h2 className="mt-4 text-4xl leading-tight font-extrabold">
              Your next match is one tap away.
            </h2>
          </div>
          <ul className="space-y-4">
            {highlights.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-emerald-50">
                <span className="grid size-9 place-items-center rounded-xl bg-white/10 ring-1 ring-white/20">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <figure className="relative rounded-2xl bg-white/10 p-5 ring-1 ring-white/15 backdrop-blur">
          <blockquote className="text-sm text-emerald-50">
            “Found a Sunday cricket side in Bengaluru within an hour of signing up. Now we play
            every week.”
          </blockquote>
          <figcaption className="mt-3 text-xs font-semibold text-emerald-200">
            Arjun, opening batsman · Bengaluru
          </figcaption>
        </figure>
      </aside>
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:px-6">
        <div className="w-full max-w-md">
          <LogoLink size={44} linkClassName="mx-auto mb-8 flex w-fit lg:hidden" />
          <div className="rounded-2xl bg-white p-6 shadow-xl ring-1 shadow-slate-200/60 ring-slate-200 sm:p-8">
            {children}
          </div>
        </div>
      </main>
    </div>
  );
}

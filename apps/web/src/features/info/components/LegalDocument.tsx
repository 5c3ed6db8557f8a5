import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { InfoHero } from './InfoHero';

/** The day the Privacy Policy and the Terms of Service were last changed (both pages show it). */
const LAST_UPDATED = { iso: '2026-11-23', text: '23 November 2026' };

/** One numbered part of a legal page. */
export interface LegalSection {
  /** The anchor of the section, linked from "On this page". */
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  /** What the document covers, in a sentence or two. */
  summary: ReactNode;
  sections: readonly LegalSection[];
}

/**
 * A legal page (spec part 2 §1, §2 "About, Privacy, Terms"): the title, the "last
 * updated" line, a list of its sections ("On this page") and the sections, each an `h2` with an
 * anchor. Paragraphs, lists and links in a section's body get the document's typography. Opened
 * at an anchor (/privacy#delete), it scrolls to that section once its code has arrived, which is
 * after the browser looked for it.
 */
export function LegalDocument({ title, summary, sections }: LegalDocumentProps) {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash !== '') document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <article>
      <InfoHero eyebrow="GameOn legal" title={title}>
        <p>{summary}</p>
        <p className="text-sm text-slate-500">
          Last updated: <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.text}</time>
        </p>
      </InfoHero>
      <div className="mx-auto grid max-w-5xl grid-cols-1 gap-8 px-4 pb-16 sm:px-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-12">
        <nav
          aria-labelledby="legal-contents"
          className="self-start rounded-2xl bg-white p-5 ring-1 ring-slate-200 lg:sticky lg:top-24"
        >
          <h2 id="legal-contents" className="text-sm font-semibold text-slate-900">
            On this page
          </h2>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="flex gap-2 rounded text-slate-600 hover:text-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-600"
                >
                  <span aria-hidden="true" className="min-w-6 text-slate-500 tabular-nums">
                    {index + 1}.
                  </span>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-prose min-w-0 space-y-10 text-base leading-7 text-slate-700">
          {sections.map((section, index) => (
            <section
              key={section.id}
              aria-labelledby={section.id}
              className="[&_a]:rounded [&_a]:font-semibold [&_a]:text-emerald-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-emerald-800 [&_a:focus-visible]:outline-2 [&_a:focus-visible]:outline-emerald-600 [&_li]:mt-2 [&_p]:mt-3 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-5"
            >
              <h2
                id={section.id}
                className="scroll-mt-24 text-xl font-bold text-slate-900 sm:text-2xl"
              >
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}

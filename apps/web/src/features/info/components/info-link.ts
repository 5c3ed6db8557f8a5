/** Class names of a link inside the text of a public page. */
export const infoLinkClass =
  'rounded font-semibold text-emerald-700 underline underline-offset-2 hover:text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-600';

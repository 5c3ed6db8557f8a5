/**
 * The inbox an e-mail address delivers to, for limits that protect that inbox from a flood of
 * code e-mails sent to spellings of the same address.
 */

/** Domains where Google ignores dots in the local part; `googlemail.com` is `gmail.com`. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox `email` reaches, as a key: lower-cased, the `+tag` (sub-address, RFC 5233) dropped
 * from the local part on every domain, and for `gmail.com`/`googlemail.com` the dots dropped too
 * and the domain spelled `gmail.com`. `Victim+1@x.in` and `victim+2@x.in` give `victim@x.in`;
 * `v.i.c.t.i.m+a@googlemail.com` gives `victim@gmail.com`.
 *
 * A key only, never an address to mail: two different people may share it (a server that does
 * not treat `+` as a sub-address), which only makes them share a limit. validator's
 * `normalizeEmail` was not used: it drops tags only for a few providers (Gmail, Outlook,
 * Yahoo, iCloud), and any other mail server that delivers `name+tag` to `name` (Postfix's
 * `recipient_delimiter`, Exchange, Fastmail, Google Workspace on a company domain) would stay
 * floodable.
 */
export function normalizeMailbox(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  let local = lower.slice(0, at).split('+')[0] ?? '';
  let domain = lower.slice(at + 1);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

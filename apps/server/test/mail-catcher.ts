/**
 * A real SMTP server on loopback (smtp-server) that keeps every message, so tests read the
 * codes GameOn mails exactly as a member would.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every header field as sent, by lower-case name (unfolded; the last of repeated ones). */
  headers: Record<string, string>;
}

export class MailCatcher {
  readonly mails: CaughtMail[] = [];
  private waiters: (() => void)[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream).then(
        (parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          this.mails.push({
            to: to?.value[0]?.address?.toLowerCase() ?? '',
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [
                key,
                line
                  .slice(line.indexOf(':') + 1)
                  .replace(/\r?\n(?=[ \t])/g, '')
                  .trim(),
              ]),
            ),
          });
          for (const wake of this.waiters.splice(0)) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });

  /** Starts listening on 127.0.0.1 and returns the SMTP_URL for it. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}?ignoreTLS=true`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Waits (up to 10 s) for the `nth` mail (1-based) to `to`, and returns it. */
  async waitFor(to: string, nth = 1): Promise<CaughtMail> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = this.mails.filter((m) => m.to === to.toLowerCase())[nth - 1];
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail #${nth} to ${to}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  /** The 6-digit code in the `nth` mail to `to`. */
  async codeFor(to: string, nth = 1): Promise<string> {
    const mail = await this.waitFor(to, nth);
    // The code stands alone on its line in the plain-text part.
    const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
    if (!code) throw new Error(`no code in mail to ${to}: ${mail.text}`);
    return code;
  }
}

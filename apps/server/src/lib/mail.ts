/**
 * Outgoing mail through nodemailer: a real SMTP server when SMTP_URL is set, else each mail
 * is printed to the server log (ARCHITECTURE.md "Environment").
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields, e.g. `List-Unsubscribe` (values as sent). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** A mailer for `smtpUrl`, or the log outbox when it is undefined. */
export function createMailer(
  smtpUrl: string | undefined,
  from: string,
  log: FastifyBaseLogger,
): Mailer {
  if (!smtpUrl) {
    return {
      send(mail) {
        log.info(
          { mail: { to: mail.to, subject: mail.subject } },
          `[mail] to ${mail.to}: ${mail.subject}\n${mail.text}`,
        );
        return Promise.resolve();
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close() {
      transport.close();
    },
  };
}

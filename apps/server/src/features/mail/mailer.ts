import nodemailer from 'nodemailer';
import type { Executor } from '../../db/client.js';
import { createMailOutboxRepository } from './mail-outbox-repository.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /**
   * Queues a mail as part of the caller's transaction. On the embedded default it is written to
   * the outbox table in that transaction; with SMTP it is handed to nodemailer once `flush` runs
   * after the commit, so a rolled-back change never sends mail.
   */
  queue(mail: Mail, tx: Executor): Promise<() => Promise<void>>;
  readonly kind: 'smtp' | 'outbox';
  /** The hub's public address (PUBLIC_URL): mails link to it with absolute links. */
  readonly publicUrl: string;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  now: () => Date;
  publicUrl?: string;
}): Mailer {
  const publicUrl = (options.publicUrl ?? 'http://localhost:8080').replace(/\/+$/, '');
  if (!options.smtpUrl) {
    return {
      kind: 'outbox',
      publicUrl,
      async queue(mail, tx) {
        await createMailOutboxRepository(tx).insert({
          ...mail,
          to: mail.to.toLowerCase(),
          createdAt: options.now(),
        });
        return async () => {};
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    kind: 'smtp',
    publicUrl,
    async queue(mail) {
      return async () => {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      };
    },
  };
}

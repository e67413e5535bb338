import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Outgoing mail. SMTP when SMTP_URL is set; otherwise messages are written to DATA_DIR/outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: Pick<Logger, 'info'>;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const outbox = join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...message });
      // The messages hold password-reset links: readable by the server's own user only.
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.eml`;
      const file = join(outbox, name);
      // Written under a hidden name, then renamed: whoever reads the outbox sees whole messages only.
      const partial = join(outbox, `.${name}.partial`);
      await writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await rename(partial, file);
      opts.log.info(
        { to: message.to, subject: message.subject, file },
        'mail written to the outbox (no SMTP_URL)',
      );
    },
    close: () => transport.close(),
  };
}

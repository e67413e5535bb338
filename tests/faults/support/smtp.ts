/**
 * A real SMTP server for the drills that counts the messages it accepted, and can hold the next one
 * unanswered (its DATA read whole, the final reply not sent) so the sender can be killed in the
 * middle of sending. A held message was never accepted: a sender that dies waiting has not sent it.
 */
import { SMTPServer } from 'smtp-server';

export interface DrillSmtp {
  url: string;
  /** Raw messages accepted, oldest first. */
  accepted: string[];
  /** Holds the next message; resolves with its raw text once it has been read whole. */
  holdNext(): Promise<string>;
  close(): Promise<void>;
}

export async function startDrillSmtp(): Promise<DrillSmtp> {
  const accepted: string[] = [];
  let hold: ((raw: string) => void) | undefined;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        if (hold) {
          const held = hold;
          hold = undefined;
          held(raw);
          return;
        }
        accepted.push(raw);
        callback();
      });
    },
  });
  // A sender killed mid-conversation resets the connection: that is the drill, not a failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP server has no TCP address');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    accepted,
    holdNext: () =>
      new Promise<string>((resolve) => {
        hold = resolve;
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

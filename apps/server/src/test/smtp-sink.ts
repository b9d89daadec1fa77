import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  /** Every mail whose data arrived (as a real server queues it before it answers), in order. */
  received: ParsedMail[];
  /** Recipients of mails whose data arrived and whose answer (250 OK) is not sent yet: the sender does not know. */
  inFlight: Set<string>;
  /** `refuse`: answer 451 to every mail, keeping none. */
  state: { refuse: boolean };
  /** The port, once it listens. */
  listening: Promise<number>;
  close(): Promise<void>;
}

/** A mail's one recipient as text (`''` for none). */
export const recipientOf = (mail: ParsedMail): string => (mail.to && !Array.isArray(mail.to) ? mail.to.text : '');

/**
 * A real SMTP server on a loopback port for tests, keeping what it receives. It may take `delayMs` over each
 * answer (a server under load), run `beforeAnswer` before each (a test's step at the moment the server has the
 * mail), or refuse (`state.refuse`).
 */
export function startSmtpSink(options: { delayMs?: number; beforeAnswer?: () => Promise<void> } = {}): SmtpSink {
  const received: ParsedMail[] = [];
  const inFlight = new Set<string>();
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (state.refuse) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then(async (mail) => {
          received.push(mail);
          inFlight.add(recipientOf(mail));
          await options.beforeAnswer?.();
          setTimeout(() => {
            inFlight.delete(recipientOf(mail));
            callback();
          }, options.delayMs ?? 0);
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  const listening = new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return { received, inFlight, state, listening, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

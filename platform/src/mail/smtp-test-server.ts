import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** A message as a test SMTP server received it: the envelope and the raw bytes. */
export interface ReceivedMail {
  from: string | false;
  to: string[];
  raw: Buffer;
}

export interface SmtpTestServer {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * An SMTP server on a free local port for tests: it keeps what it receives, and `options` (e.g. an
 * `onRcptTo` that refuses) replace its defaults.
 */
export async function startSmtpTestServer(options: Partial<SMTPServerOptions> = {}): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom && session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

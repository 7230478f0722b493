/**
 * Turns nodemailer message options into the raw RFC 5322 bytes (DKIM-signed when configured), with
 * nodemailer's own pipeline: its stream transport, the composer and signer the SMTP transport uses, so the
 * file outbox holds what SMTP would send.
 *
 * It runs on the event loop. Composing a share e-mail (about 4.5 KB) costs 0.6-1 ms of CPU, three quarters of a
 * send's main-thread time (quoted-printable encoding of the HTML in JavaScript and nodemailer's streams; RSA-2048
 * DKIM adds about 0.5 ms): bench/src/mail.bench.ts. A compose thread was tried: it halved the main thread's
 * CPU per e-mail, but cost more CPU in all (copying both ways, waking the thread, 0.3 s to start) and, with
 * the two cores busy, sent fewer e-mails per second; the mailer reaches its target (500/s) without it.
 */
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer/lib/mailer';
import { dkimOptions, type DkimSettings } from './mail-options.ts';

export interface MessageComposer {
  compose(options: SendMailOptions): Promise<Buffer>;
  close(): Promise<void>;
}

let entropy = Buffer.alloc(0);
let used = 0;

/**
 * The random part of a message's MIME boundaries, from a block of random bytes refilled every 512 messages:
 * left to itself nodemailer draws randomBytes for every MIME part, 8% of composing. Random, never derived
 * from the message id: a boundary someone can predict lets their note close its MIME part and open another.
 */
function boundary(): string {
  if (used + 8 > entropy.length) {
    entropy = randomBytes(4096);
    used = 0;
  }
  used += 8;
  return entropy.toString('hex', used - 8, used);
}

export function createMessageComposer(dkim?: DkimSettings): MessageComposer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, ...(dkim ? { dkim: dkimOptions(dkim) } : {}) });
  return {
    async compose(options) {
      const { message } = await transport.sendMail({ baseBoundary: boundary(), ...options });
      return message as Buffer;
    },
    async close() {
      transport.close();
    },
  };
}

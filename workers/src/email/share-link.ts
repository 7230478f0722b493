/** The short link share e-mails carry: the content's first, or one made for sharing (no Premium needed). */
import { randomInt, randomUUID } from 'node:crypto';
import { contentLinksDecider, SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '@crossfeed/domain/content/content-links.decider.ts';
import type { CreateShortLink } from '@crossfeed/domain/content/content-links.commands.ts';
import type { ContentEvent } from '@crossfeed/domain/content/content.events.ts';
import type { NameReserved } from '@crossfeed/domain/reservations/reservation.events.ts';
import { fold } from '@crossfeed/domain/shared/decider.ts';
import { contentStream, reservationStream } from '@crossfeed/domain/shared/streams.ts';
import { WrongExpectedVersion, type EventStore } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { ShareEmailJob } from './share-delivery.ts';

const randomShortCode = (): string =>
  Array.from({ length: SHORT_CODE_LENGTH }, () => SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)]).join('');

/**
 * The content's short link for sharing: its first link, or a new one created for sharing (a reserved code,
 * appended under the stream's expected revision: a concurrent job's link wins and is reused).
 * Null when the content was removed.
 */
export async function ensureShareLink(eventStore: EventStore, data: ShareEmailJob, now: () => Date): Promise<string | null> {
  const stream = contentStream(data.contentId);
  for (let attempt = 1; ; attempt++) {
    const recorded = await eventStore.readStream(stream);
    const state = fold(contentLinksDecider, recorded as unknown as ContentEvent[]);
    if (state.removed) return null;
    const existing = state.shortCodes[0];
    if (existing) return existing;

    const shortCode = await reserveCode(eventStore, data.contentId, now);
    const command: CreateShortLink = {
      type: 'CreateShortLink',
      data: {
        contentId: data.contentId,
        ownerId: data.contentOwnerId,
        shortCode,
        requesterId: data.sharerId,
        isPremium: false,
        now: now().toISOString(),
        purpose: 'share',
      },
    };
    const events = contentLinksDecider.decide(command, state);
    const last = recorded.at(-1);
    try {
      await eventStore.append(
        stream,
        events.map(({ type, data: eventData }) => ({ type, data: eventData, metadata: { userId: data.sharerId, causationId: data.shareId } })),
        { expectedRevision: last ? last.revision : 'no_stream' },
      );
      return shortCode;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion) || attempt >= 5) throw error;
    }
  }
}

async function reserveCode(eventStore: EventStore, contentId: string, now: () => Date): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const code = randomShortCode();
    const reserved: NameReserved = {
      type: 'NameReserved',
      data: { kind: 'short-code', key: code, ownerId: `content:${contentId}`, reservedAt: now().toISOString() },
    };
    try {
      await eventStore.append(reservationStream('short-code', code), [{ id: randomUUID(), ...reserved }], { expectedRevision: 'no_stream' });
      return code;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion) || attempt >= 8) throw error;
    }
  }
}

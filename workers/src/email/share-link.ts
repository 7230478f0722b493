/** The short link share e-mails carry: the content's first, or one made for sharing (no Premium needed). */
import { contentLinksDecider } from '@crossfeed/domain/content/content-links.decider.ts';
import type { CreateShortLink } from '@crossfeed/domain/content/content-links.commands.ts';
import type { ContentEvent } from '@crossfeed/domain/content/content.events.ts';
import { fold } from '@crossfeed/domain/shared/decider.ts';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import { WrongExpectedVersion, type EventStore } from '@crossfeed/platform/event-store/event-store.port.ts';
import { claimShortCode } from '@crossfeed/platform/reservations/reservations.ts';
import type { ShareEmailJob } from './share-delivery.ts';

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

    const shortCode = await claimShortCode(eventStore, data.contentId, now().toISOString());
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


/** The short link share e-mails carry: the content's first, or one made for sharing (no Premium needed). */
import { contentLinksDecider } from '@crossfeed/domain/content/content-links.decider.ts';
import type { CreateShortLink } from '@crossfeed/domain/content/content-links.commands.ts';
import { NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import { commandHandlerFor } from '@crossfeed/platform/commands/command-handler.ts';
import type { EventStore } from '@crossfeed/platform/event-store/event-store.port.ts';
import { claimShortCode } from '@crossfeed/platform/reservations/reservations.ts';
import type { ShareEmailJob } from './share-delivery.ts';

/**
 * The content's short link for sharing: its first link, or a new one created for sharing (a reserved code,
 * decided on the content's stream by the command handler: a concurrent job's link wins and is reused).
 * Null when the content was removed.
 */
export async function ensureShareLink(eventStore: EventStore, data: ShareEmailJob, now: () => Date): Promise<string | null> {
  const handler = commandHandlerFor(eventStore);
  const stream = contentStream(data.contentId);
  // The cached state of the stream (folded once, then only new events): the cost does not grow with its clicks.
  const currentLink = () => handler.query(contentLinksDecider, stream, (state) => (state.removed ? null : state.shortCodes[0]));
  for (;;) {
    const existing = await currentLink();
    if (existing !== undefined) return existing;

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
    try {
      const { events } = await handler.handle(contentLinksDecider, stream, command, { metadata: { userId: data.sharerId, causationId: data.shareId } });
      if (events.length > 0) return shortCode;
      // Nothing decided: another job's link got there first; it is read on the next turn.
    } catch (error) {
      // Removed since the first look.
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }
}

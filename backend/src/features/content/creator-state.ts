import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { creatorContentDecider, type CreatorContentState } from '@crossfeed/domain/users/creator-content.decider.ts';
import { commandHandlerFor } from '@crossfeed/platform/commands/command-handler.ts';
import type { ApiContext } from '../../api/api-context.ts';

/** Reads the content side of the user's stream: the same (cached) state their quotas and shares are decided on. */
export function readCreatorState<Result>(ctx: ApiContext, userId: string, read: (state: CreatorContentState) => Result): Promise<Result> {
  return commandHandlerFor(ctx.eventStore).query(creatorContentDecider, userStream(userId), read);
}

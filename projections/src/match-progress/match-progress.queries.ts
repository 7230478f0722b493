import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { MATCH_PROGRESS, matchProgressId, type MatchProgressDoc } from './match-progress.projection.ts';

/**
 * How many people one sharer reached with each of these contents, counted toward its match (`match_progress`,
 * by `_id`): the one source for the workspace's progress and for leaving completed matches out of the list.
 * Contents never shared are absent (0).
 */
export async function deliveredBySharer(readStore: ReadStore, sharerId: string, contentIds: readonly string[]): Promise<Map<string, number>> {
  if (contentIds.length === 0) return new Map();
  const docs = await readStore
    .collection<MatchProgressDoc>(MATCH_PROGRESS)
    .find({ _id: { $in: contentIds.map((id) => matchProgressId(sharerId, id)) } }, { projection: { content_id: 1, delivered: 1 } });
  return new Map(docs.map((doc) => [doc.content_id, doc.delivered]));
}

import { z } from 'zod';
import { WORKSPACE_CONTENTS_MAX, WORKSPACE_ID_MAX_LENGTH, WORKSPACE_MATCHES_MAX } from '@crossfeed/domain/rules/limits.ts';

const ids = (max: number) =>
  z
    .array(z.string().trim().min(1, 'must not hold an empty id.').max(WORKSPACE_ID_MAX_LENGTH, 'holds an id that is too long.'), {
      error: 'must be a list of content ids.',
    })
    .max(max, `may hold at most ${max} ids.`)
    .transform((list) => [...new Set(list)]);

/** PUT /workspace: the whole selection, as the workspace shows it after a toggle. */
export const WorkspaceSelectionBody = z.strictObject({
  match_ids: ids(WORKSPACE_MATCHES_MAX),
  content_ids: ids(WORKSPACE_CONTENTS_MAX),
});

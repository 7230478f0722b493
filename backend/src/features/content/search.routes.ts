import { Router } from 'express';
import type { ApiContext } from '../../api/api-context.ts';
import { requireAuth } from '../../auth/require-auth.ts';
import { parseInput } from '../../http/validate.ts';
import { toContentDto } from './content.dto.ts';
import { SearchQuery } from './content.schemas.ts';
import { searchContents } from './search.queries.ts';

/** GET /search/ (SPEC §7): visible content only, at most SEARCH_RESULTS_MAX items. */
export function searchRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.get('/search', requireAuth(ctx), async (req, res) => {
    const filters = parseInput(SearchQuery, req.query);
    const found = await searchContents(ctx, filters);
    res.json(found.map(toContentDto));
  });
  return router;
}

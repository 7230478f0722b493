import { Router } from 'express';
import type { ApiContext } from '../../api/api-context.ts';
import { requireAuth } from '../../auth/require-auth.ts';
import { parsePage, sendPage, withoutPageParams } from '../../http/paging.ts';
import { parseInput } from '../../http/validate.ts';
import { toContentDto } from './content.dto.ts';
import { SearchQuery } from './content.schemas.ts';
import { searchContents } from './search.queries.ts';

/** GET /search/ (SPEC §7): visible content only, paged (`limit`, `offset`, `X-Total-Count`). */
export function searchRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.get('/search', requireAuth(ctx), async (req, res) => {
    // The search schema is strict (an unknown filter is refused): the paging parameters are parsed apart.
    const filters = parseInput(SearchQuery, withoutPageParams(req.query));
    const { items, total } = await searchContents(ctx, filters, parsePage(req));
    sendPage(res, items.map(toContentDto), total);
  });
  return router;
}

import { Router } from 'express';
import type { ApiContext } from '../../api/api-context.ts';

export function audienceRoutes(_ctx: ApiContext): Router {
  const router = Router();
  return router;
}

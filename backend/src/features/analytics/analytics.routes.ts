import { Router } from 'express';
import type { ApiContext } from '../../api/api-context.ts';

export function analyticsRoutes(_ctx: ApiContext): Router {
  const router = Router();
  return router;
}

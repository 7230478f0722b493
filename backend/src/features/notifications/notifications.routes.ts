import { Router } from 'express';
import type { ApiContext } from '../../api/api-context.ts';

export function notificationRoutes(_ctx: ApiContext): Router {
  const router = Router();
  return router;
}

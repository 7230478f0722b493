import { Router } from 'express';
import type { ApiContext } from '../../api/api-context.ts';

/** Issue 26: webhook endpoints and their delivery logs. */
export function webhookRoutes(_ctx: ApiContext): Router {
  return Router();
}

import { Router } from 'express';
import type { ApiContext } from '../../api/api-context.ts';

export function authRoutes(_ctx: ApiContext): Router {
  const router = Router();
  return router;
}

import { Router } from 'express';
import type { ApiContext } from '../../api/api-context.ts';

/** Issue 26: API tokens (Profile → API tokens). */
export function apiTokenRoutes(_ctx: ApiContext): Router {
  return Router();
}

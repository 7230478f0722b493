import { Router } from 'express';
import type { ApiContext } from '../../api/api-context.ts';

/** Issue 26: the OpenAPI document (/openapi.json) and its page (/docs/api). */
export function apiDocsRoutes(_ctx: ApiContext): Router {
  return Router();
}

import { api, type Page, type PageRequest } from '@/lib/api-client';

/**
 * GET /content/: one page of the signed-in user's own contents, newest first, with how many there are.
 * Unvalidated: the list checks the items' shape.
 */
export function getOwnContents(page: PageRequest = {}): Promise<Page<unknown>> {
  return api.getPage<unknown>('/content/', page);
}

import { api } from '@/lib/api-client';

/** GET /content/: the signed-in user's own contents, newest first. Unvalidated: the list checks its shape. */
export function getOwnContents(): Promise<unknown> {
  return api.get<unknown>('/content/');
}

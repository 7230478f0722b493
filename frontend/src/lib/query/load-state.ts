import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';

/** What a window shows of one read: loading, the failure's text, or the answer. */
export type LoadState<Data> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: Data };

/** The read's state as a window shows it: the answer once there, else its failure (the server's detail or `failed`), else loading. */
export function loadStateOf<Data>(query: Pick<UseQueryResult<Data>, 'isSuccess' | 'isError' | 'data' | 'error'>, failed: string): LoadState<Data> {
  if (query.isSuccess) return { status: 'ready', data: query.data as Data };
  if (query.isError) return { status: 'error', message: errorMessage(query.error, failed) };
  return { status: 'loading' };
}

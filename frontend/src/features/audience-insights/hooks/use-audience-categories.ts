import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { getAudienceCategories, type AudienceCategories } from '../api/get-audience-categories';
import { CATEGORIES_FETCH_FAILED } from '../messages';

export type CategoriesState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'forbidden'; message: string }
  | { status: 'ready'; data: AudienceCategories };

const isCategories = (value: unknown): value is AudienceCategories =>
  typeof value === 'object' && value !== null && Array.isArray((value as AudienceCategories).categories);

/** The content categories the caller's contacts click. */
export function useAudienceCategories(enabled: boolean) {
  const [state, setState] = useState<CategoriesState>({ status: 'loading' });
  const controllerRef = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setState({ status: 'loading' });
    getAudienceCategories(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setState(isCategories(data) ? { status: 'ready', data } : { status: 'error', message: CATEGORIES_FETCH_FAILED });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = errorMessage(error, CATEGORIES_FETCH_FAILED);
        setState(error instanceof ApiError && error.status === 403 ? { status: 'forbidden', message } : { status: 'error', message });
      },
    );
  }, []);

  useEffect(() => {
    if (!enabled) return;
    load();
    return () => controllerRef.current?.abort();
  }, [enabled, load]);

  return { state, reload: load };
}

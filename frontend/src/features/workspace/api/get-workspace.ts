import { api } from '@/lib/api-client';
import type { WorkspaceDto } from '../types';

/** GET /workspace: the selection, each match's delivered shares and a Free user's shares left today. */
export function getWorkspace(signal?: AbortSignal): Promise<WorkspaceDto> {
  return api.get<WorkspaceDto>('/workspace', signal ? { signal } : undefined);
}

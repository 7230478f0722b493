import { api } from '@/lib/api-client';
import type { WorkspaceDto } from '../types';

/** POST /workspace/reset: steps and selections back to the start (100 % reached, or Start Over). */
export function postWorkspaceReset(): Promise<WorkspaceDto> {
  return api.post<WorkspaceDto>('/workspace/reset');
}

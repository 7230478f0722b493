import { api } from '@/lib/api-client';
import type { WorkspaceDto } from '../types';

/** PUT /workspace: the whole selection after a toggle; answers the workspace as GET /workspace does. */
export function putWorkspace(selection: { match_ids: string[]; content_ids: string[] }): Promise<WorkspaceDto> {
  return api.put<WorkspaceDto>('/workspace', selection);
}

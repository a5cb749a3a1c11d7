import type { SaveWorkspaceRequest, WorkspaceRecord } from '@vton/contracts';
import { apiHeaders, apiRequest } from '@vton/shell-sdk';

const PATH = '/api/media/workspace';

/** GET /api/media/workspace → the signed-in seller's studio workspace as last saved (from any tab). */
export async function getSavedWorkspace(): Promise<WorkspaceRecord> {
  const response = await apiRequest('GET', PATH);
  return (await response.json()) as WorkspaceRecord;
}

/** PUT /api/media/workspace. `keepalive` while the page is closing, so the last change still arrives. */
export async function saveWorkspace(request: SaveWorkspaceRequest, { keepalive = false } = {}): Promise<void> {
  if (!keepalive) {
    await apiRequest('PUT', PATH, request);
    return;
  }
  await fetch(PATH, {
    method: 'PUT',
    keepalive: true,
    credentials: 'include',
    headers: apiHeaders({ json: true }),
    body: JSON.stringify(request),
  });
}

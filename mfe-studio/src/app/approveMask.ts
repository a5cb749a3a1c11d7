import { toast } from '@vton/shell-sdk';
import { errorMessage } from '../lib/upload';
import { inpaintOf, workspaceActions, type WorkspaceStore } from '../stores/workspaceStore';
import { uploadMask } from '../features/mask-editor/api/uploadMask';

/**
 * An approved mask (the editor's Approve, or "Approve all" of suggested masks) goes to the
 * server: the tile shows Processing, then ready with the mask preview; a failure returns the
 * model photo to "uploaded" (spec §4).
 */
export function approveMask(store: WorkspaceStore, key: string, modelId: number, mask: Blob, thumbnail: string): void {
  const actions = workspaceActions(store);
  actions.updateModel(key, { status: 'processing', error: undefined });
  // The mask of the garment category the workspace is on (a model photo keeps one per category).
  const category = store.getState().garmentCategory;
  uploadMask(modelId, mask, category).then(
    (record) => {
      if (record.status === 'ready') {
        actions.updateModel(key, { status: 'ready', inpaint: record.masks?.[category] ? inpaintOf(record.masks[category]) : record.inpaint, masks: record.masks ?? {}, suggestedMasks: record.suggestedMasks ?? {}, maskThumbnailUrl: thumbnail });
      } else {
        actions.updateModel(key, { status: 'uploaded', error: record.error });
        toast({ title: 'Mask processing failed', description: record.error ?? 'Please paint the mask again.', variant: 'destructive' });
      }
    },
    (error) => {
      actions.updateModel(key, { status: 'uploaded', error: errorMessage(error) });
      toast({ title: 'Mask processing failed', description: errorMessage(error), variant: 'destructive' });
    },
  );
}

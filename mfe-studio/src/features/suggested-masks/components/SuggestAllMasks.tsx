import styled from 'styled-components';
import type { WornCategory } from '@vton/contracts';
import { Button } from '@vton/ui';
import { useWorkspace } from '../../../stores/workspaceStore';
import { useSuggestions } from '../model/suggestionsStore';
import { approveAll, cancelSuggestAll, suggestAll, type SuggestionMasks, type SuggestionPhoto } from '../utils/suggestions';
import { ModelLoadProgress } from './ModelLoadProgress';
import { ProductMaskHint } from './ProductMaskHint';

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-size: 13px;
`;

export interface SuggestAllMasksProps {
  /** The model photos without an approved mask, in tile order. */
  photos: readonly SuggestionPhoto[];
  /** The photos' masks (the workspace hands the mask editor's). */
  masks: SuggestionMasks;
  /** Approves one photo's mask as the editor's Approve does (upload, then ready). */
  onApprove: (photo: SuggestionPhoto, mask: Blob, thumbnail: string) => void;
}

/**
 * "Import models": "Suggest all masks" (for the garment section's garment category) with its progress and Cancel, then
 * "Approve all". Suggestions find a garment's place on a body; for Product the seller paints the mask, and is told so.
 */
export function SuggestAllMasks(props: SuggestAllMasksProps) {
  const garmentCategory = useWorkspace((s) => s.garmentCategory);
  if (garmentCategory === 'product') return <ProductMaskHint />;
  return <SuggestGarmentMasks {...props} garmentCategory={garmentCategory} />;
}

function SuggestGarmentMasks({ photos, masks, onApprove, garmentCategory }: SuggestAllMasksProps & { garmentCategory: WornCategory }) {
  const batch = useSuggestions((s) => s.batch);
  const batchComplete = useSuggestions((s) => s.batchComplete);
  const modelFailed = useSuggestions((s) => s.model.status === 'failed');
  const suggested = useSuggestions((s) => photos.filter((p) => s.photos[p.id]?.state === 'suggested').length);

  return (
    <Root>
      <Row>
        {batch ? (
          <>
            <span role="status">
              Suggesting {Math.max(1, batch.current)}/{batch.total}…
            </span>
            <Button size="sm" variant="ghost" onClick={cancelSuggestAll}>
              Cancel
            </Button>
          </>
        ) : (
          <Button size="sm" variant="secondary" disabled={photos.length === 0 || modelFailed} onClick={() => void suggestAll(masks, photos, garmentCategory)}>
            Suggest all masks
          </Button>
        )}
        {!batch && batchComplete && suggested > 0 && (
          <Button size="sm" onClick={() => void approveAll(masks, photos, onApprove)}>
            Approve all
          </Button>
        )}
      </Row>
      {batch && <ModelLoadProgress />}
    </Root>
  );
}

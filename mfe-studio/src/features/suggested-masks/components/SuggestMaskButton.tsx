import styled from 'styled-components';
import { Button } from '@vton/ui';
import { GARMENT_CATEGORY_LABELS, type WornCategory } from '@vton/contracts';
import { useWorkspace } from '../../../stores/workspaceStore';
import { useSuggestions } from '../model/suggestionsStore';
import { NO_PERSON_MESSAGE, suggestFor, type SuggestionMasks, type SuggestionPhoto } from '../utils/suggestions';
import { ModelLoadProgress } from './ModelLoadProgress';
import { ProductMaskHint } from './ProductMaskHint';

const Root = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
`;

const Message = styled.span`
  font-size: 12px;
  color: ${({ theme }) => theme.colors.destructive};
`;

/** The inpaint toolbar's "Suggest mask": the suggestion lands in the open mask as one undo step. For Product: the hint to paint by hand. */
export function SuggestMaskButton({ photo, masks }: { photo: SuggestionPhoto; masks: SuggestionMasks }) {
  const garmentCategory = useWorkspace((s) => s.garmentCategory);
  if (garmentCategory === 'product') return <ProductMaskHint />;
  return <SuggestGarmentMask photo={photo} masks={masks} garmentCategory={garmentCategory} />;
}

function SuggestGarmentMask({ photo, masks, garmentCategory }: { photo: SuggestionPhoto; masks: SuggestionMasks; garmentCategory: WornCategory }) {
  const suggestion = useSuggestions((s) => s.photos[photo.id]);
  const modelStatus = useSuggestions((s) => s.model.status);
  const busy = suggestion?.state === 'suggesting';
  return (
    <Root>
      <Button
        size="sm"
        variant="secondary"
        loading={busy}
        disabled={modelStatus === 'failed'}
        // the garment category control is in the sidebar, which a narrow window hides while the editor is open
        title={modelStatus === 'failed' ? 'Mask suggestions are not available in this browser' : `Suggest where the garment goes (${GARMENT_CATEGORY_LABELS[garmentCategory]})`}
        onClick={() => void suggestFor(masks, photo, garmentCategory)}
      >
        Suggest mask
      </Button>
      {busy && <ModelLoadProgress />}
      {suggestion?.state === 'no-person' && <Message role="status">{NO_PERSON_MESSAGE}</Message>}
    </Root>
  );
}

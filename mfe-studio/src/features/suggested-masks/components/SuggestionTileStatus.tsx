import styled from 'styled-components';
import { Spinner } from '@vton/ui';
import { useSuggestions } from '../model/suggestionsStore';
import { NO_PERSON_MESSAGE } from '../utils/suggestions';

const Cover = styled.img`
  position: absolute;
  inset: 0;
`;

const Note = styled.span<{ $warning?: boolean }>`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 4px;
  padding: 4px;
  font-size: 10px;
  line-height: 1.25;
  text-align: center;
  color: #fff;
  background: ${({ $warning }) => ($warning ? 'rgba(160, 30, 55, 0.88)' : 'rgba(5, 5, 10, 0.7)')};
`;

/** On a model tile: the suggestion's preview ("Suggested"), a spinner while suggesting, or the no-person message. */
export function SuggestionTileStatus({ photoId }: { photoId: number }) {
  const suggestion = useSuggestions((s) => s.photos[photoId]);
  if (!suggestion) return null;
  switch (suggestion.state) {
    case 'suggesting':
      return (
        <Note data-testid="suggestion-status" data-state="suggesting">
          <Spinner size={12} /> Suggesting…
        </Note>
      );
    case 'suggested':
      return (
        <>
          <Cover src={suggestion.thumbnailUrl} alt="" data-testid="suggestion-preview" />
          <Note data-testid="suggestion-status" data-state="suggested">
            Suggested
          </Note>
        </>
      );
    case 'no-person':
      return (
        <Note $warning data-testid="suggestion-status" data-state="no-person">
          {NO_PERSON_MESSAGE}
        </Note>
      );
  }
}

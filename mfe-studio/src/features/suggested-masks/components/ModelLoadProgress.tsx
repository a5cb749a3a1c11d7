import styled from 'styled-components';
import { ProgressBar } from '../../../components/Section';
import { useSuggestions } from '../model/suggestionsStore';

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 160px;
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The first suggestion loads the pose model (≈12 MB, then cached): its progress. */
export function ModelLoadProgress() {
  const model = useSuggestions((s) => s.model);
  if (model.status !== 'loading') return null;
  const percent = Math.round(model.progress * 100);
  return (
    <Root role="status">
      <span>Loading the mask model… {percent}%</span>
      <ProgressBar value={model.progress} label="Mask model download" testId="mask-model-progress" />
    </Root>
  );
}

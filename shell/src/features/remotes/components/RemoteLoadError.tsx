import styled from 'styled-components';
import { Button, Card } from '@vton/ui';

const Wrap = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: inherit;
  padding: 48px 24px;
`;

const Panel = styled(Card)`
  max-width: 460px;
  text-align: center;
  h1 { font-size: 22px; }
  p { margin: 10px 0 20px; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** What a visitor sees instead of a remote that failed to load: the page around it keeps working. */
export function RemoteLoadError({ sectionName, onRetry }: { sectionName: string; onRetry: () => void }) {
  return (
    <Wrap>
      <Panel role="alert">
        <h1>{sectionName} didn&apos;t load</h1>
        <p>Something went wrong while loading this part of the studio. Check your connection and try again.</p>
        <Button onClick={onRetry}>Try again</Button>
      </Panel>
    </Wrap>
  );
}

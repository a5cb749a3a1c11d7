import styled from 'styled-components';
import { Container } from '@vton/ui';
import { PrimaryCta } from './PrimaryCta';

const Band = styled.section`
  padding: 88px 0;
`;

const Panel = styled.div`
  padding: 56px 32px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.gradients.glow}, ${({ theme }) => theme.colors.surface};
  text-align: center;
  h2 { font-size: clamp(28px, 4vw, 40px); }
  > p { max-width: 560px; margin: 12px auto 28px; color: ${({ theme }) => theme.colors.textMuted}; font-size: 18px; }
`;

const Assurances = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 8px 28px;
  margin: 24px 0 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
  li::before { content: '✓ '; color: ${({ theme }) => theme.colors.accent}; }
`;

export function ClosingCta() {
  return (
    <Band aria-labelledby="closing-heading">
      <Container>
        <Panel>
          <h2 id="closing-heading">Ready to dress your catalog?</h2>
          <p>Upload one garment, paint the mask on your model photos, and have studio-quality visuals in under a minute.</p>
          <PrimaryCta />
          <Assurances>
            <li>Secure spellcasting</li>
            <li>14-day magic guarantee</li>
          </Assurances>
        </Panel>
      </Container>
    </Band>
  );
}

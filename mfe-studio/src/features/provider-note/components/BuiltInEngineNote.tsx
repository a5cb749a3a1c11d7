import { useState } from 'react';
import styled from 'styled-components';
import { PROVIDERS_ARTICLE_PATH } from '@vton/results';
import { Button, media } from '@vton/ui';
import { isNoteDismissed, rememberNoteDismissed } from '../utils/noteDismissal';

const Note = styled.aside`
  /* in the flow above the canvas, never over it: the mask, the crop and the results stay whole */
  flex: none;
  margin: 12px 12px 0;
  display: flex;
  gap: 12px;
  align-items: flex-start;
  padding: 14px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  font-size: 13px;
  line-height: 1.5;
  h2 { font-size: 14px; margin-bottom: 4px; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
  code { font-family: ${({ theme }) => theme.fonts.mono}; font-size: 12px; color: ${({ theme }) => theme.colors.text}; }
  a { color: ${({ theme }) => theme.colors.accent}; }
  ${media.belowMobileBreakpoint} { margin: 8px 8px 0; padding: 10px 12px; }
`;

/**
 * Once the studio has shown a result of the built-in engine, it says — once, until the seller
 * dismisses it (remembered in this browser) — that these are previews, that real try-on needs a
 * provider, and how whoever runs the studio configures one.
 */
export function BuiltInEngineNote({ visible }: { visible: boolean }) {
  const [dismissed, setDismissed] = useState(isNoteDismissed);
  if (!visible || dismissed) return null;
  return (
    <Note aria-labelledby="built-in-engine-note-title" data-testid="built-in-engine-note">
      <div>
        <h2 id="built-in-engine-note-title">These results are previews from the built-in engine</h2>
        <p>
          It places your garment where you painted the mask, lit by the photo, so you can check placement and size. It is not a real
          try-on: real try-on needs a provider. Whoever runs the studio configures one by setting <code>VTON_PROVIDER</code> and
          its key for the generation service.{' '}
          <a href={PROVIDERS_ARTICLE_PATH} target="_blank" rel="noopener noreferrer">
            How to configure a provider
          </a>
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          rememberNoteDismissed();
          setDismissed(true);
        }}
      >
        Dismiss
      </Button>
    </Note>
  );
}

import styled from 'styled-components';
import { BUILT_IN_PREVIEW_LABEL, PROVIDERS_ARTICLE_PATH } from './provider.js';

const Link = styled.a`
  color: ${({ theme }) => theme.colors.accent};
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 2px;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

/**
 * "Preview — built-in engine": says that a result is the built-in engine's stand-in, not a real
 * try-on, and links to the docs' article on providers (opened beside the studio, whose unsaved
 * work stays). `className` places it (a tile's corner, the viewer's caption).
 */
export function BuiltInPreviewLink({ className }: { className?: string }) {
  return (
    <Link className={className} href={PROVIDERS_ARTICLE_PATH} target="_blank" rel="noopener noreferrer" data-testid="built-in-preview" title="Made by the built-in engine: a preview of the placement, not a real try-on. Read how to set up a try-on provider.">
      {BUILT_IN_PREVIEW_LABEL}
    </Link>
  );
}

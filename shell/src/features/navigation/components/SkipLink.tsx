import type { MouseEvent } from 'react';
import styled from 'styled-components';

/** The id of the shell's <main>, which holds every page: the skip link's target. */
export const MAIN_CONTENT_ID = 'main';

const Link = styled.a`
  position: fixed;
  top: 8px;
  left: 8px;
  z-index: 1000;
  padding: 10px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  box-shadow: ${({ theme }) => theme.shadows.popover};
  /* out of sight until a keyboard user reaches it: it is the first thing Tab reaches on every page */
  transform: translateY(calc(-100% - 16px));
  &:focus {
    transform: none;
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

/**
 * "Skip to content": the page's first focusable element, shown when focused, that moves focus past
 * the navigation to the page itself. Focus moves in script so the address keeps no "#main" (the
 * router would take it for a navigation); before the script runs the plain link does the same.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <Link href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      Skip to content
    </Link>
  );
}

import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * A link to another page opens it at its top, as a full page load would: without this the window
 * kept its scroll, so "Start Professional" at the landing page's pricing opened the plan page at its
 * foot. Back and Forward (POP) keep what the browser restores, and a link to a #fragment scrolls there.
 */
export function ScrollToTopOnNavigation() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP' && !hash) window.scrollTo(0, 0);
    // only a new page counts: a change of ?query (the docs' search, the catalogue's ?run=) keeps the scroll
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return null;
}

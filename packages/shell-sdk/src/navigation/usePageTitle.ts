import { useEffect } from 'react';

export const PRODUCT_NAME = 'VTON Studio';

/** Sets the document title as "<page> · VTON Studio" while the calling page is shown. */
export function usePageTitle(pageTitle: string | undefined): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [pageTitle]);
}

import { createContext, useContext, useEffect } from 'react';

export const PRODUCT_NAME = 'VTON Studio';

/** What pages report during a server render (the prerender), where effects do not run. */
export interface ServerPageHead {
  /** The document title, as usePageTitle would set it in the browser. */
  title?: string;
}

/** Provided only by the prerender; in the browser usePageTitle sets document.title instead. */
export const ServerPageHeadContext = createContext<ServerPageHead | null>(null);

/** "<page> · VTON Studio", or the product name alone. */
export function pageDocumentTitle(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Sets the document title as "<page> · VTON Studio" while the calling page is shown. */
export function usePageTitle(pageTitle: string | undefined): void {
  const serverHead = useContext(ServerPageHeadContext);
  // Server only: the prerender writes this title into the page's <title>.
  if (serverHead) serverHead.title = pageDocumentTitle(pageTitle);
  useEffect(() => {
    document.title = pageDocumentTitle(pageTitle);
  }, [pageTitle]);
}

import { useEffect } from 'react';
import { PRODUCT_NAME, usePageTitle } from '@vton/shell-sdk';

export interface SearchMetadata {
  title: string;
  description: string;
  /** Pages reached through e-mailed token links stay out of search results. */
  noIndex?: boolean;
}

function upsertMeta(name: string, content: string): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  const created = !element;
  const previous = element?.getAttribute('content') ?? null;
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute('name', name);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
  const el = element;
  return () => {
    if (created) el.remove();
    else if (previous !== null) el.setAttribute('content', previous);
  };
}

/**
 * Title, description and WebPage structured data of a shell page, put back as they were when
 * the page is left (the served HTML carries the landing page's own).
 */
export function useSearchMetadata({ title, description, noIndex = false }: SearchMetadata): void {
  usePageTitle(title);
  useEffect(() => {
    const restore = [upsertMeta('description', description)];
    if (noIndex) restore.push(upsertMeta('robots', 'noindex'));
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.dataset.shellPage = 'true';
    script.textContent = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: `${title} · ${PRODUCT_NAME}`,
      description,
      url: `${window.location.origin}${window.location.pathname}`,
      isPartOf: { '@type': 'WebSite', name: PRODUCT_NAME, url: window.location.origin },
    });
    document.head.appendChild(script);
    return () => {
      script.remove();
      restore.reverse().forEach((undo) => undo());
    };
  }, [title, description, noIndex]);
}

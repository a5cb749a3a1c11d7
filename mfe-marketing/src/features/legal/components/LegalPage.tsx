import { Suspense, use } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { usePageTitle } from '@vton/shell-sdk';
import { Container, LoadingState } from '@vton/ui';
import { SiteFooter } from '../../../components/SiteFooter';
import { LAST_UPDATED, type LegalDocumentContent } from '../content/types';

export const LEGAL_TITLES = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  cookies: 'Cookie Policy',
  gdpr: 'GDPR',
} as const;

export type LegalDocument = keyof typeof LEGAL_TITLES;

// Each text is its own chunk, loaded once and kept for the visit.
const loaders: Record<LegalDocument, () => Promise<{ default: LegalDocumentContent }>> = {
  terms: () => import('../content/terms'),
  privacy: () => import('../content/privacy'),
  cookies: () => import('../content/cookies'),
  gdpr: () => import('../content/gdpr'),
};
const loaded = new Map<LegalDocument, Promise<LegalDocumentContent>>();
function loadDocument(document: LegalDocument): Promise<LegalDocumentContent> {
  let promise = loaded.get(document);
  if (!promise) {
    promise = loaders[document]().then((module) => module.default);
    loaded.set(document, promise);
  }
  return promise;
}

const Page = styled(Container)`
  max-width: 820px;
  padding-top: 64px;
  padding-bottom: 80px;
  h1 { font-size: clamp(30px, 4vw, 44px); }
  h2 { margin-top: 36px; font-size: 22px; }
  p, li { color: ${({ theme }) => theme.colors.textMuted}; }
  p { margin-top: 12px; }
  ul { margin: 12px 0 0; padding-left: 22px; display: grid; gap: 8px; }
`;

const Eyebrow = styled.p`
  && { margin: 0 0 8px; color: ${({ theme }) => theme.colors.accent}; }
  font-size: 13px;
  font-weight: 650;
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

const Summary = styled.p`
  && { margin-top: 16px; color: ${({ theme }) => theme.colors.text}; font-size: 18px; }
`;

const Related = styled.nav`
  margin-top: 48px;
  padding-top: 20px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  display: flex;
  flex-wrap: wrap;
  gap: 8px 20px;
  font-size: 14px;
`;

function LegalBody({ document }: { document: LegalDocument }) {
  const content = use(loadDocument(document));
  return (
    <>
      <Summary>{content.summary}</Summary>
      {content.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs?.map((text) => <p key={text}>{text}</p>)}
          {section.list && (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

/** /terms, /privacy, /cookies and /gdpr: the title at once, the text from its own chunk. */
export default function LegalPage({ document }: { document: LegalDocument }) {
  const title = LEGAL_TITLES[document];
  usePageTitle(title);
  return (
    <>
      <Page as="article">
        <Eyebrow>Legal · Last updated {LAST_UPDATED}</Eyebrow>
        <h1>{title}</h1>
        <Suspense fallback={<LoadingState />}>
          <LegalBody document={document} />
        </Suspense>
        <Related aria-label="Legal documents">
          {(Object.keys(LEGAL_TITLES) as LegalDocument[])
            .filter((other) => other !== document)
            .map((other) => (
              <Link key={other} to={`/${other}`}>
                {LEGAL_TITLES[other]}
              </Link>
            ))}
        </Related>
      </Page>
      <SiteFooter />
    </>
  );
}

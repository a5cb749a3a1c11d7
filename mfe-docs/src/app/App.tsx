import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { DEFAULT_ARTICLE_ID } from '../content/catalog';
import { DocsPage } from './DocsPage';

/** Bare /docs (with its ?q=, if any) opens the quick-start article. */
function ToDefaultArticle() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: `/docs/${DEFAULT_ARTICLE_ID}`, search }} replace />;
}

/** Exposed as `docs/App`; the shell mounts it at /docs/*. */
export default function DocsApp() {
  return (
    <Routes>
      <Route index element={<ToDefaultArticle />} />
      <Route path=":articleId" element={<DocsPage />} />
      <Route path="*" element={<ToDefaultArticle />} />
    </Routes>
  );
}

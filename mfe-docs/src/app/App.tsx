import { Navigate, Route, Routes } from 'react-router-dom';
import { ArticlePage } from '../features/articles/components/ArticlePage';
import { DEFAULT_ARTICLE_ID } from '../features/articles/data/articles';

/** Exposed as `docs/App`; the shell mounts it at /docs/*. */
export default function DocsApp() {
  return (
    <Routes>
      <Route index element={<Navigate to={`/docs/${DEFAULT_ARTICLE_ID}`} replace />} />
      <Route path=":articleId" element={<ArticlePage />} />
      <Route path="*" element={<Navigate to={`/docs/${DEFAULT_ARTICLE_ID}`} replace />} />
    </Routes>
  );
}

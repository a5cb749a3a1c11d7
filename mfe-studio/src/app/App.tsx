import { Route, Routes } from 'react-router-dom';
import { CataloguePage } from './CataloguePage';
import { StudioTabs } from './StudioTabs';
import { WorkspacePage } from './WorkspacePage';

/** Exposed as `studio/App`; the shell mounts it at /app/* behind the login check: the workspace, and the catalogue at /app/runs. */
export default function StudioApp() {
  return (
    <>
      <StudioTabs />
      <Routes>
        <Route index element={<WorkspacePage />} />
        <Route path="runs" element={<CataloguePage />} />
        <Route path="*" element={<WorkspacePage />} />
      </Routes>
    </>
  );
}

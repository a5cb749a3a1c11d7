import { Route, Routes } from 'react-router-dom';
import { WorkspacePage } from './WorkspacePage';

/** Exposed as `studio/App`; the shell mounts it at /app/* behind the login check. */
export default function StudioApp() {
  return (
    <Routes>
      <Route index element={<WorkspacePage />} />
      <Route path="*" element={<WorkspacePage />} />
    </Routes>
  );
}

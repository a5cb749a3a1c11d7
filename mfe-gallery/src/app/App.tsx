import { Route, Routes } from 'react-router-dom';
import { GalleryPage } from '../features/gallery/components/GalleryPage';

/** Exposed as `gallery/App`; the shell mounts it at /gallery/* behind the login check. */
export default function GalleryApp() {
  return (
    <Routes>
      <Route index element={<GalleryPage />} />
      <Route path="*" element={<GalleryPage />} />
    </Routes>
  );
}

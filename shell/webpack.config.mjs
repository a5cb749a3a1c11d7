import { createConfig } from '@vton/webpack-config';

export default createConfig({
  dirname: import.meta.dirname,
  name: 'shell',
  isHost: true,
  title: 'VTON Studio',
  // Carries the landing page's search metadata (description, Open Graph, JSON-LD) in the served HTML.
  template: 'public/index.html',
  devPort: 4000,
});

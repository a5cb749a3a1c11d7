import { createConfig, createServerConfig } from '@vton/webpack-config';

export default [
  createConfig({
    dirname: import.meta.dirname,
    name: 'shell',
    isHost: true,
    title: 'VTON Studio',
    // The landing page's title and search metadata (description, Open Graph, JSON-LD) in the served HTML.
    head: 'public/head.html',
    noscript: 'VTON Studio needs JavaScript: it places garments on model photos in your browser.',
    devPort: 4000,
  }),
  // The shell's layout and routes for Node: scripts/prerender.mjs renders the public pages with it.
  createServerConfig({ dirname: import.meta.dirname, name: 'shell', entry: './src/server/renderPage.tsx' }),
];

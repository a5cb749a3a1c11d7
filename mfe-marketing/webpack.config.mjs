import { createConfig, createServerConfig } from '@vton/webpack-config';

const exposes = {
  './App': './src/app/App.tsx',
  './NotFound': './src/features/not-found/components/NotFoundPage.tsx',
};

export default [
  createConfig({ dirname: import.meta.dirname, name: 'marketing', title: 'Marketing · VTON Studio', devPort: 4001, exposes }),
  // For the shell's prerender: the same exposed modules, built for Node.
  createServerConfig({ dirname: import.meta.dirname, name: 'marketing', exposes, prerenderPaths: './src/app/prerenderPaths.ts', publicPath: '/mfe/marketing/' }),
];

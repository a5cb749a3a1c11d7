import { createConfig, createServerConfig } from '@vton/webpack-config';

const exposes = { './App': './src/app/App.tsx' };

export default [
  createConfig({ dirname: import.meta.dirname, name: 'docs', title: 'Docs · VTON Studio', devPort: 4004, exposes }),
  // For the shell's prerender: the same exposed module, built for Node.
  createServerConfig({ dirname: import.meta.dirname, name: 'docs', exposes, prerenderPaths: './src/app/prerenderPaths.ts', clientPaths: './src/app/prerenderPaths.ts', publicPath: '/mfe/docs/' }),
];

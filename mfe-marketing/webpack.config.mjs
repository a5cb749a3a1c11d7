import { createConfig } from '@vton/webpack-config';

export default createConfig({
  dirname: import.meta.dirname,
  name: 'marketing',
  title: 'Marketing · VTON Studio',
  devPort: 4001,
  exposes: {
    './App': './src/app/App.tsx',
    './NotFound': './src/features/not-found/components/NotFoundPage.tsx',
  },
});

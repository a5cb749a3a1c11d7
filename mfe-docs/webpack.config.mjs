import { createConfig } from '@vton/webpack-config';

export default createConfig({
  dirname: import.meta.dirname,
  name: 'docs',
  title: 'Docs · VTON Studio',
  devPort: 4004,
  exposes: { './App': './src/app/App.tsx' },
});

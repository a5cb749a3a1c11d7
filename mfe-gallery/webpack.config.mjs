import { createConfig } from '@vton/webpack-config';

export default createConfig({
  dirname: import.meta.dirname,
  name: 'gallery',
  title: 'Gallery · VTON Studio',
  devPort: 4003,
  exposes: { './App': './src/app/App.tsx' },
});

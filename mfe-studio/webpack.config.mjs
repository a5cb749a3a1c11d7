import { createConfig } from '@vton/webpack-config';

export default createConfig({
  dirname: import.meta.dirname,
  name: 'studio',
  title: 'Studio · VTON Studio',
  devPort: 4002,
  exposes: { './App': './src/app/App.tsx' },
});

import { createConfig } from '@vton/webpack-config';

export default createConfig({
  dirname: import.meta.dirname,
  name: 'shell',
  isHost: true,
  title: 'VTON Studio',
  devPort: 4000,
});

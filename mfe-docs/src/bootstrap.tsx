import { renderStandalone } from '@vton/shell-sdk/standalone';
import App from './app/App';

// Standalone page for the docs team: the remote inside a minimal host, mounted where the shell mounts it.
renderStandalone(<App />, '/docs');

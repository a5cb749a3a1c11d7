import { renderStandalone } from '@vton/shell-sdk/standalone';
import App from './app/App';

// Standalone page for the gallery team: the remote inside a minimal host, mounted where the shell mounts it.
renderStandalone(<App />, '/gallery');

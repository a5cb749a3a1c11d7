import { renderStandalone } from '@vton/shell-sdk/standalone';
import App from './app/App';

// Standalone page for the marketing team: the remote inside a minimal host, without the shell.
renderStandalone(<App />);

import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { startRemotes } from './features/remotes/lib/federation';
import { App } from './app/App';

// Registering the remotes does not block the first paint: the navigation renders at once
// and each remote slot waits for the configuration on its own.
void startRemotes();

createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <App />
  </BrowserRouter>,
);

import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { startRemotes } from './features/remotes/lib/federation';
import { App } from './app/App';
import { replayEarlyClicks, takeEarlyClicks } from './app/earlyClicks';
import { markServedNotFound } from './app/servedNotFound';

// Registering the remotes does not block the first paint: the navigation renders at once
// and each remote slot waits for the configuration on its own.
void startRemotes();

const root = document.getElementById('root')!;
if (root.dataset.notFound) markServedNotFound(window.location.pathname);
const app = (
  <BrowserRouter>
    <App />
  </BrowserRouter>
);

// A prerendered page (scripts/prerender.mjs) is already on screen: React takes it over as it
// is. Every other route (/app, /auth, …) is rendered here. A page whose boot was deferred
// (scripts/deferred-boot.js) hands over the clicks it held; they are made again once hydrated.
const earlyClicks = takeEarlyClicks();
if (root.dataset.prerendered) hydrateRoot(root, app);
else createRoot(root).render(app);
replayEarlyClicks(earlyClicks);

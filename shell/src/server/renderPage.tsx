import type { ComponentType } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { ServerPageHeadContext, type ServerPageHead } from '@vton/shell-sdk';
import { App } from '../app/App';
import { CLIENT_ROUTES } from '../app/AppRoutes';
import { provideRemoteComponent } from '../features/remotes/components/RemoteComponent';
import type { ExposedModule, RemoteScope } from '../features/remotes/lib/federation';

/** What the prerender needs of a remote's server build (dist-server/index.mjs). */
export interface RemoteServerBuild {
  exposes: Partial<Record<ExposedModule, { default: ComponentType }>>;
  prerenderPaths?: readonly string[];
}

export interface RenderedPage {
  /** The markup of #root: the shell's layout with the remote's page inside. */
  html: string;
  /** For <head>: React's resource hints (image preloads) and styled-components' <style> tags. */
  headTags: string;
  /** The document title the page sets in the browser. */
  title: string;
}

export { CLIENT_ROUTES };

/** Hands the remotes' server builds to the shell's remote slots, as loaded components. */
export function provideRemotes(remotes: Partial<Record<RemoteScope, RemoteServerBuild>>): void {
  for (const [scope, build] of Object.entries(remotes) as [RemoteScope, RemoteServerBuild][]) {
    for (const [module, exposed] of Object.entries(build.exposes) as [ExposedModule, { default: ComponentType }][]) {
      provideRemoteComponent(scope, module, exposed.default);
    }
  }
}

async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return text;
}

/**
 * Renders one page of the product as a signed-out visitor sees it, the way the browser renders
 * it: the shell's App inside a Router at `url`. React's static prerender waits for every lazy
 * part (legal texts, article bodies), so the HTML is the finished page.
 */
export async function renderPage(url: string): Promise<RenderedPage> {
  const head: ServerPageHead = {};
  const sheet = new ServerStyleSheet();
  try {
    const { prelude } = await prerenderToNodeStream(
      sheet.collectStyles(
        <ServerPageHeadContext.Provider value={head}>
          <StaticRouter location={url}>
            <App />
          </StaticRouter>
        </ServerPageHeadContext.Provider>,
      ),
      // Never split a large Suspense boundary into a later segment swapped in by an inline script:
      // the page is complete HTML, and it carries no inline script.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const markup = await readStream(prelude);
    // Rendering a fragment, React puts the resource hints it collected (preloads of the hero's
    // images) first; they belong in <head>, where hydration does not look.
    const hints = /^(?:<link\b[^>]*>)*/.exec(markup)![0];
    return { html: markup.slice(hints.length), headTags: hints + sheet.getStyleTags(), title: head.title ?? '' };
  } finally {
    sheet.seal();
  }
}

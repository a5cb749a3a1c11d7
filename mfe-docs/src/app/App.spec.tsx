import { ALL_ARTICLES } from '../content/catalog';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { renderWithHost } from '@vton/shell-sdk/testing';
import App from './App';

const mount = '/docs/*';

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/** Renders the docs at a path and lets the lazily loaded article body settle. */
async function open(path: string) {
  await act(async () => {
    renderWithHost(
      <>
        <App />
        <Location />
      </>,
      { path, mount },
    );
  });
}

const location = () => screen.getByTestId('location').textContent;
const sidebar = () => screen.getAllByRole('navigation', { name: 'Documentation' })[0];

describe('docs App', () => {
  it('redirects bare /docs to the quick start guide', async () => {
    await open('/docs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quick Start Guide' })).toBeInTheDocument();
    expect(location()).toBe('/docs/quick-start');
  });

  it('shows the requested article with breadcrumbs, tags and its body', async () => {
    await open('/docs/keyboard-shortcuts');
    expect(screen.getByRole('heading', { level: 1, name: 'Keyboard Shortcuts' })).toBeInTheDocument();
    expect(within(sidebar()).getByRole('link', { name: 'Keyboard Shortcuts' })).toHaveAttribute('aria-current', 'page');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Docs', 'Reference', 'Keyboard Shortcuts']);
    expect(within(screen.getByRole('list', { name: 'Tags' })).getByRole('link', { name: '#keyboard' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Mask editor shortcuts' })).toHaveTextContent('Reset the zoom to 100%');
  });

  it('redirects an unknown article to the quick start guide', async () => {
    await open('/docs/no-such-article');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quick Start Guide' })).toBeInTheDocument();
    expect(location()).toBe('/docs/quick-start');
  });

  it.each([
    ['/docs/prompts', '/docs/prompt-guide', 'Using Prompts'],
    ['/docs/export', '/docs/export-results', 'Exporting Results'],
  ])('resolves the landing link %s to %s', async (path, target, title) => {
    await open(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(location()).toBe(target);
  });

  it('opens /docs?q=… with the search filled and only the matches listed', async () => {
    await open('/docs?q=MASK');
    expect(location()).toBe('/docs/quick-start?q=MASK');
    const box = within(sidebar()).getByRole('searchbox', { name: 'Search the docs' });
    expect(box).toHaveValue('MASK');
    const links = within(sidebar()).getAllByRole('link').map((a) => a.textContent);
    // "mask" is in Best Practices' description, a Cropping & Masking title and tag, Placing any product's tag,
    // Catalogue runs' description, Keyboard Shortcuts' tag, and the API quick start's and model photos API's descriptions.
    expect(links).toEqual([
      expect.stringContaining('Best Practices'),
      expect.stringContaining('Cropping & Masking'),
      expect.stringContaining('Placing any product'),
      expect.stringContaining('Catalogue runs'),
      expect.stringContaining('Keyboard Shortcuts'),
      expect.stringContaining('API quick start'),
      expect.stringContaining('Model photos API'),
    ]);
    expect(within(sidebar()).getByRole('heading', { name: "7 results" })).toBeInTheDocument();
  });

  it('filters as you type, keeps the query in the URL and says when nothing matches', async () => {
    await open('/docs/faq');
    const box = within(sidebar()).getByRole('searchbox', { name: 'Search the docs' });
    fireEvent.change(box, { target: { value: 'download' } });
    expect(location()).toBe('/docs/faq?q=download');
    expect(within(sidebar()).getByRole('link', { name: /Exporting Results/ })).toHaveAttribute('href', '/docs/export-results?q=download');
    fireEvent.change(box, { target: { value: 'zebra' } });
    expect(within(sidebar()).getByText('No articles match “zebra”.')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: '' } });
    expect(location()).toBe('/docs/faq');
    expect(within(sidebar()).getAllByRole('link')).toHaveLength(ALL_ARTICLES.length);
  });

  it('opens the sidebar as a drawer and closes it with Escape', async () => {
    await open('/docs/faq');
    const button = screen.getByRole('button', { name: 'Browse documentation' });
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const drawer = await screen.findByRole('dialog', { name: 'Documentation menu' }); // loads with the first opening
    expect(within(drawer).getByRole('searchbox')).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab inside the drawer and returns focus to its button on close', async () => {
    await open('/docs/faq');
    const button = screen.getByRole('button', { name: 'Browse documentation' });
    button.focus();
    fireEvent.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Documentation menu' }); // loads with the first opening
    const close = within(drawer).getByRole('button', { name: 'Close documentation menu' });
    close.focus();
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(drawer.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(close);
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(button).toHaveFocus());
  });
});

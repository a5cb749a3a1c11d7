import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetToastsForTests, toast } from '@vton/shell-sdk';
import { BILLING_OFF_ACCOUNT, creditsAccount } from '@vton/shell-sdk/testing';
import { TOAST_DURATION_MS, type BillingAccount } from '@vton/contracts';
import { loadRemoteComponent } from '../features/remotes/lib/federation';
import { forgetLoadedRemotes } from '../features/remotes/components/RemoteComponent';
import { renderShell, signIn } from '../test/renderShell';

jest.mock('../features/remotes/lib/federation', () => ({
  startRemotes: jest.fn().mockResolvedValue(undefined),
  loadRemoteComponent: jest.fn(),
}));

const loadRemote = loadRemoteComponent as jest.MockedFunction<typeof loadRemoteComponent>;

/** Stand-ins for the exposed modules: each says which remote and module rendered. */
function stubRemotes() {
  loadRemote.mockImplementation(async (scope, module) => {
    const Stub = () => <h1>{`${scope} ${module}`}</h1>;
    return Stub;
  });
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

beforeEach(() => {
  localStorage.clear();
  resetToastsForTests();
  loadRemote.mockReset();
  forgetLoadedRemotes();
  stubRemotes();
  global.fetch = jest.fn().mockRejectedValue(new Error('no network in tests')) as typeof fetch;
});

describe('routing', () => {
  it.each([
    ['/', 'marketing ./App'],
    ['/terms', 'marketing ./App'],
    ['/aurora-demo', 'marketing ./App'],
    ['/docs', 'docs ./App'],
    ['/docs/faq', 'docs ./App'],
    ['/no/such/page', 'marketing ./NotFound'],
  ])('%s mounts %s', async (path, heading) => {
    renderShell(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('/auth is a shell page that opens on Create Account', () => {
    renderShell('/auth');
    expect(screen.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
    expect(document.title).toBe('Create account · VTON Studio');
  });
});

describe('navigation', () => {
  it('highlights Home only on exactly /', async () => {
    renderShell('/');
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Docs' })).not.toHaveAttribute('aria-current');
    await screen.findByRole('heading', { name: 'marketing ./App' });
  });

  it('highlights Docs on a docs article and not Home', async () => {
    renderShell('/docs/faq');
    expect(within(mainNav()).getByRole('link', { name: 'Docs' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    await screen.findByRole('heading', { name: 'docs ./App' });
  });

  it('offers Gallery only when signed in', async () => {
    renderShell('/docs');
    expect(within(mainNav()).queryByRole('link', { name: 'Gallery' })).toBeNull();
    await screen.findByRole('heading', { name: 'docs ./App' });
  });

  it('shows Gallery to a signed-in visitor', async () => {
    signIn();
    renderShell('/docs');
    expect(await within(mainNav()).findByRole('link', { name: 'Gallery' })).toHaveAttribute('href', '/gallery');
  });

  it('opens the side drawer from the menu button and closes it with Escape, focus back on the button', async () => {
    renderShell('/docs');
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(menuButton);
    // the drawer's code loads with the first opening
    const drawer = await screen.findByRole('dialog', { name: 'Navigation menu' });
    expect(within(drawer).getByRole('link', { name: 'Docs' })).toHaveAttribute('aria-current', 'page');
    expect(document.activeElement).toBe(within(drawer).getByRole('link', { name: 'Home' }));
    // the page behind is inert while it is open
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    expect(menuButton.closest('[aria-hidden="true"]')).not.toBeNull();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(menuButton));
    await screen.findByRole('heading', { name: 'docs ./App' });
  });
});

describe('skip link', () => {
  it.each(['/', '/docs', '/gallery', '/app'])('on %s it comes first, says "Skip to content" and moves focus to the page’s main content', async (path) => {
    if (path !== '/' && path !== '/docs') signIn();
    renderShell(path);
    await screen.findByRole('heading', { level: 1 });
    const focusable = document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])');
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(focusable[0]).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
    // the address is the page's own, not "#main": the router saw no navigation
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${path}$`));
  });
});

describe('scroll', () => {
  it('opens a page reached by a link at its top', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderShell('/');
    await screen.findByRole('heading', { name: 'marketing ./App' });
    expect(scrollTo).not.toHaveBeenCalled(); // the first page is the browser's to place
    fireEvent.click(within(mainNav()).getByRole('link', { name: 'Docs' }));
    await screen.findByRole('heading', { name: 'docs ./App' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockRestore();
  });
});

describe('user menu', () => {
  it('offers Sign In to visitors, which goes to /auth', async () => {
    renderShell('/docs');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });

  it('shows the e-mail initial with Settings, Help & Support, Plan & credits, API keys and Sign out', async () => {
    signIn('ada@example.com');
    renderShell('/docs');
    const trigger = await screen.findByRole('button', { name: 'Account menu for ada@example.com' });
    expect(trigger).toHaveTextContent('A');
    fireEvent.click(trigger);
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Settings',
      'Help & Support',
      'Plan & credits',
      'API keys',
      'Sign out',
      'Sign out of all devices',
    ]);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Settings' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/docs');

    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('user menu and billing', () => {
  /** Signed in as ada@example.com; GET /api/billing/account answers `account`. */
  function signInWithBilling(account: BillingAccount) {
    localStorage.setItem('auth_token', 'test-token');
    global.fetch = jest.fn(async (input: RequestInfo | URL) => {
      if (String(input) === '/api/auth/me') return new Response(JSON.stringify({ user: { id: 1, email: 'ada@example.com' } }));
      if (String(input) === '/api/billing/account') return new Response(JSON.stringify(account));
      throw new Error(`unexpected request ${String(input)}`);
    }) as typeof fetch;
  }
  const openMenu = async () => fireEvent.click(await screen.findByRole('button', { name: 'Account menu for ada@example.com' }));
  const menuItems = () => within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);

  it('Plan & credits opens the plan page', async () => {
    signInWithBilling(creditsAccount(10));
    renderShell('/docs');
    await openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Plan & credits' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/account\/billing$/));
  });

  it('has no Plan & credits when billing is off', async () => {
    signInWithBilling(BILLING_OFF_ACCOUNT);
    renderShell('/docs');
    await openMenu();
    // before the account answers, the menu cannot know yet: it is gone once it has
    await waitFor(() => expect(menuItems()).toEqual(['Settings', 'Help & Support', 'API keys', 'Sign out', 'Sign out of all devices']));
    expect(global.fetch).toHaveBeenCalledWith('/api/billing/account', expect.anything());
  });
});

describe('user menu focus', () => {
  it('closes when focus moves outside it, not when it moves between its items', async () => {
    signIn('ada@example.com');
    renderShell('/docs');
    const trigger = await screen.findByRole('button', { name: 'Account menu for ada@example.com' });
    fireEvent.click(trigger);
    const [settings, help] = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(settings).toHaveFocus();
    fireEvent.keyDown(settings, { key: 'ArrowDown' });
    expect(help).toHaveFocus();
    fireEvent.focusOut(settings, { relatedTarget: help });
    expect(screen.getByRole('menu')).toBeInTheDocument();
    // Focus dropping to nowhere (Safari, on a click inside) is not "leaving".
    fireEvent.focusOut(help, { relatedTarget: null });
    expect(screen.getByRole('menu')).toBeInTheDocument();

    const outside = within(mainNav()).getByRole('link', { name: 'Docs' });
    act(() => outside.focus());
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('protected routes', () => {
  it('show "Loading..." and then send a visitor to /auth', async () => {
    renderShell('/app');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/app');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
    expect(loadRemote).not.toHaveBeenCalledWith('studio', expect.anything(), expect.anything());
  });

  it('show "Loading..." while the user loads, then the studio', async () => {
    signIn();
    renderShell('/gallery');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'gallery ./App' })).toBeInTheDocument();
  });
});

describe('remote load failure', () => {
  it('shows a friendly error inside the layout and "Try again" loads the remote afresh', async () => {
    loadRemote.mockRejectedValueOnce(new Error('ScriptNetworkError: Failed to load script'));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderShell('/docs');
    expect(await screen.findByRole('heading', { name: "The documentation didn't load" })).toBeInTheDocument();
    expect(mainNav()).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'docs ./App' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenLastCalledWith('docs', './App', { fresh: true });
    jest.restoreAllMocks();
  });

  it('catches a remote that throws while rendering', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    loadRemote.mockImplementation(async () => () => {
      throw new Error('boom');
    });
    renderShell('/terms');
    expect(await screen.findByRole('heading', { name: "This page didn't load" })).toBeInTheDocument();
    stubRemotes();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'marketing ./App' })).toBeInTheDocument();
    jest.restoreAllMocks();
  });
});

describe('toasts', () => {
  afterEach(() => jest.useRealTimers());

  it('shows one toast at a time, the newest replacing the older, and hides it after 5 s', async () => {
    jest.useFakeTimers();
    renderShell('/auth');
    act(() => {
      toast({ title: 'Welcome back!', description: 'You have successfully signed in.' });
    });
    act(() => {
      toast({ title: 'Authentication Required', description: 'Please sign in to access this feature.', variant: 'destructive' });
    });
    const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
    expect(within(region).queryByText('Welcome back!')).toBeNull();
    expect(within(region).getByRole('alert')).toHaveTextContent('Authentication Required');
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS));
    expect(within(region).queryByText('Authentication Required')).toBeNull();
  });
});

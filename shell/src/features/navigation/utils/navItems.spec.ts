import { isNavItemActive, visibleNavItems } from './navItems';

describe('navigation active rules', () => {
  it('Home is active only on exactly /', () => {
    expect(isNavItemActive('/', '/')).toBe(true);
    expect(isNavItemActive('/terms', '/')).toBe(false);
    expect(isNavItemActive('/docs', '/')).toBe(false);
  });

  it('other items are active while the path starts with their link', () => {
    expect(isNavItemActive('/app', '/app')).toBe(true);
    expect(isNavItemActive('/docs/faq', '/docs')).toBe(true);
    expect(isNavItemActive('/gallery', '/docs')).toBe(false);
  });

  it('Gallery is offered only when signed in', () => {
    expect(visibleNavItems(false).map((item) => item.label)).toEqual(['Home', 'Try on', 'Docs']);
    expect(visibleNavItems(true).map((item) => item.label)).toEqual(['Home', 'Try on', 'Gallery', 'Docs']);
  });
});

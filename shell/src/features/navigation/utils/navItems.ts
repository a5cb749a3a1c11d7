export interface NavItem {
  label: string;
  to: string;
  /** Shown only to signed-in visitors. */
  signedInOnly?: boolean;
}

/** Spec §2 Navigation, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Try on', to: '/app' },
  { label: 'Gallery', to: '/gallery', signedInOnly: true },
  { label: 'Docs', to: '/docs' },
];

/** Home is active only on exactly /; every other item while the path starts with its link. */
export function isNavItemActive(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname.startsWith(to);
}

export function visibleNavItems(isSignedIn: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => isSignedIn || !item.signedInOnly);
}

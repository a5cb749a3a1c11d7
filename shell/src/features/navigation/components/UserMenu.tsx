import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { BILLING_PAGE_PATH } from '@vton/contracts';
import { apiErrorToast, toast, useAuth, useBillingAccount } from '@vton/shell-sdk';
import { Button } from '@vton/ui';

const Anchor = styled.div`position: relative;`;

const Avatar = styled.button`
  width: 38px;
  height: 38px;
  border: 0;
  border-radius: 50%;
  background: ${({ theme }) => theme.gradients.brand};
  color: #fff;
  font-weight: 700;
  cursor: pointer;
`;

const Menu = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 8px);
  z-index: ${({ theme }) => theme.zIndex.popover};
  min-width: 220px;
  padding: 6px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadows.popover};
`;

const MenuLabel = styled.div`
  padding: 8px 10px;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow: hidden;
  text-overflow: ellipsis;
`;

const MenuItem = styled.button`
  display: block;
  width: 100%;
  padding: 8px 10px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  text-align: left;
  cursor: pointer;
  &:hover, &:focus-visible { background: rgba(255, 255, 255, 0.07); outline: none; }
`;

/**
 * Signed in: the e-mail's initial opens Settings, Help & Support, Plan & credits (unless billing is off), API keys (keys and webhooks for
 * the API), Sign out and Sign out of all devices (ends every session of the account, e.g. after a
 * lost laptop). Signed out: Sign In.
 */
export function UserMenu() {
  const { user, isLoading, logout, logoutEverywhere } = useAuth();
  const { data: billing } = useBillingAccount();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const anchorRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    anchorRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!anchorRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  if (isLoading) return null;
  if (!user) {
    return (
      <Button variant="outline" size="sm" onClick={() => navigate('/auth')}>
        Sign In
      </Button>
    );
  }

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };
  /** A menu item that leaves the menu: it closes, then does its job (focus goes where the job takes it). */
  const closeThen = (job: () => unknown) => () => {
    setOpen(false);
    job();
  };
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]'));
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowDown') items[(index + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(index - 1 + items.length) % items.length]?.focus();
    else return;
    event.preventDefault();
  };

  // Tabbing (or clicking a control) away from the menu closes it. A null relatedTarget is left
  // to the mousedown handler: Safari blurs to nothing on a click inside, which must not close.
  const onAnchorBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !event.currentTarget.contains(next)) setOpen(false);
  };

  return (
    <Anchor ref={anchorRef} onBlur={onAnchorBlur}>
      <Avatar
        ref={triggerRef}
        type="button"
        aria-label={`Account menu for ${user.email}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {user.email.charAt(0).toUpperCase()}
      </Avatar>
      {open && (
        <Menu role="menu" aria-label="Account" onKeyDown={onMenuKeyDown}>
          <MenuLabel>{user.email}</MenuLabel>
          {/* Settings and Help & Support have no visible action yet (spec §2). */}
          <MenuItem role="menuitem" type="button" onClick={close}>
            Settings
          </MenuItem>
          <MenuItem role="menuitem" type="button" onClick={close}>
            Help &amp; Support
          </MenuItem>
          {/* Billing off: no plans, no credits to show. */}
          {billing?.mode !== 'off' && (
            <MenuItem role="menuitem" type="button" onClick={closeThen(() => navigate(BILLING_PAGE_PATH))}>
              Plan &amp; credits
            </MenuItem>
          )}
          <MenuItem role="menuitem" type="button" onClick={closeThen(() => navigate('/account/api-keys'))}>
            API keys
          </MenuItem>
          <MenuItem role="menuitem" type="button" onClick={closeThen(logout)}>
            Sign out
          </MenuItem>
          <MenuItem
            role="menuitem"
            type="button"
            onClick={closeThen(() =>
              logoutEverywhere().then(
                () => toast({ title: 'Signed out of all devices', description: 'Every device signed in to your account has been signed out.' }),
                (error: unknown) =>
                  toast(apiErrorToast(error, { title: 'Sign out failed', description: 'Your other devices are still signed in. Please try again.', variant: 'destructive' })),
              ),
            )}
          >
            Sign out of all devices
          </MenuItem>
        </Menu>
      )}
    </Anchor>
  );
}

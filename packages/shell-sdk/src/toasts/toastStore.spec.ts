import { act, renderHook } from '@testing-library/react';
import { TOAST_REMOVE_DELAY_MS } from '@vton/contracts';
import { resetToastsForTests, toast, toastReducer, useToast, type ShellToast } from './toastStore';

const make = (id: string, open = true): ShellToast => ({ id, title: `Toast ${id}`, open });

describe('toastReducer', () => {
  it('keeps one toast: a new toast replaces the older one', () => {
    const one = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('1') });
    const two = toastReducer(one, { type: 'ADD_TOAST', toast: make('2') });
    expect(two.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('updates a toast in place', () => {
    const state = toastReducer({ toasts: [make('1')] }, { type: 'UPDATE_TOAST', toast: { id: '1', title: 'New title' } });
    expect(state.toasts[0]).toMatchObject({ id: '1', title: 'New title', open: true });
  });

  it('dismiss closes the toast but keeps it until removed', () => {
    const dismissed = toastReducer({ toasts: [make('1')] }, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(dismissed.toasts).toEqual([{ ...make('1'), open: false }]);
    expect(toastReducer(dismissed, { type: 'REMOVE_TOAST', toastId: '1' }).toasts).toEqual([]);
  });

  it('dismiss and remove without an id apply to every toast', () => {
    expect(toastReducer({ toasts: [make('1')] }, { type: 'DISMISS_TOAST' }).toasts[0].open).toBe(false);
    expect(toastReducer({ toasts: [make('1')] }, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });
});

describe('toast store', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    resetToastsForTests();
  });
  afterEach(() => jest.useRealTimers());

  it('shows the newest toast only and removes a dismissed toast after the removal delay', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'First' });
    });
    let second: ReturnType<typeof toast>;
    act(() => {
      second = toast({ title: 'Email Verified!', description: 'Your account has been successfully verified. You can now sign in.' });
    });
    expect(result.current.toasts.map((t) => t.title)).toEqual(['Email Verified!']);
    act(() => second.dismiss());
    expect(result.current.toasts[0].open).toBe(false);
    act(() => jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS));
    expect(result.current.toasts).toEqual([]);
  });
});

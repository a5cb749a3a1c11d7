import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { apiErrorMessage } from '@vton/shell-sdk';
import type { GarmentRecord } from '@vton/contracts';
import { Button, Fetched } from '@vton/ui';
import { ThumbnailList } from '../../../components/StackedList';
import { listProducts, PRODUCTS_QUERY_KEY } from '../../../lib/productLibrary';
import { DELETE_CONTROL, ProductListItem } from './ProductListItem';

const List = styled(ThumbnailList)`
  max-height: 220px;
`;

// wraps in the narrow sidebar of an open tool instead of running under the separator
const PickerButton = styled(Button)`
  white-space: normal;
  text-align: left;
`;

const Note = styled.p`
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
  display: flex;
  gap: 8px;
  align-items: center;
`;

/**
 * "Choose from your products": a product of the library instead of a new upload. Each product,
 * the one in the workspace too, can be renamed or deleted here.
 */
export function ProductPicker({
  currentId,
  onPick,
  onRenamed,
  onDeleted,
}: {
  currentId: number | null;
  onPick: (product: GarmentRecord) => void;
  onRenamed: (product: GarmentRecord) => void;
  onDeleted: (product: GarmentRecord) => void;
}) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();
  // the error itself, not a flag: the note says why (a 503 is "temporarily unavailable")
  const [state, setState] = useState<{ products?: GarmentRecord[]; error?: unknown }>({});
  const load = () => {
    setState({});
    listProducts().then(
      (products) => setState({ products }),
      (error: unknown) => setState({ error: error ?? new Error('Unknown error') }),
    );
  };
  // A deleted product takes its row, and the focus in it, away: the focus goes to the next product's
  // Delete, else the one before's, else the toggle.
  const focusAfterDelete = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!focusAfterDelete.current) return;
    (focusAfterDelete.current.isConnected ? focusAfterDelete.current : toggleRef.current)?.focus();
    focusAfterDelete.current = null;
  }, [state.products]);
  /** The picker's list and the planner's (react-query) both: no reload shows a renamed or deleted product as it was. */
  const changeProducts = (change: (products: GarmentRecord[]) => GarmentRecord[]) => {
    setState((s) => (s.products ? { products: change(s.products) } : s));
    queryClient.setQueryData<GarmentRecord[]>(PRODUCTS_QUERY_KEY, (products) => products && change(products));
  };
  const fetching = { isPending: !state.products && !state.error, error: state.error, refetch: load };
  const current = state.products?.find((p) => p.id === currentId);
  const others = state.products?.filter((p) => p.id !== currentId) ?? [];
  const listed = current ? [current, ...others] : others;
  return (
    <div>
      <PickerButton
        ref={toggleRef}
        variant="ghost"
        size="sm"
        aria-expanded={open}
        onClick={() => {
          if (!open) load();
          setOpen(!open);
        }}
      >
        {open ? 'Hide your products' : 'Choose from your products'}
      </PickerButton>
      {open && (
        <Fetched reason={apiErrorMessage} state={fetching} note={Note} loading="Loading your products…" failed="Your products could not be loaded.">
          {listed.length > 0 && (
            <List aria-label="Your products">
              {listed.map((p) => (
                <ProductListItem
                  key={p.id}
                  product={p}
                  current={p === current}
                  onPick={() => {
                    setOpen(false);
                    onPick(p);
                    // the list (and the button that had focus) goes: focus stays in the section, not on the page's body
                    toggleRef.current?.focus();
                  }}
                  onRenamed={(renamed) => {
                    changeProducts((products) => products.map((q) => (q.id === renamed.id ? renamed : q)));
                    onRenamed(renamed);
                  }}
                  onDeleted={(control) => {
                    const row = control.closest('li');
                    const neighbour = row?.nextElementSibling ?? row?.previousElementSibling;
                    focusAfterDelete.current = neighbour?.querySelector<HTMLElement>(DELETE_CONTROL) ?? toggleRef.current;
                    changeProducts((products) => products.filter((q) => q.id !== p.id));
                    onDeleted(p);
                  }}
                />
              ))}
            </List>
          )}
          {others.length === 0 && <Note>No other products yet: add one with New product, and each stays here to choose again.</Note>}
        </Fetched>
      )}
    </div>
  );
}

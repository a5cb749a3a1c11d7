import { useRef, useState } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '@vton/shell-sdk';
import { GARMENT_CATEGORY_LABELS, type GarmentRecord } from '@vton/contracts';
import { Button, Fetched } from '@vton/ui';
import { ThumbnailList } from '../../../components/StackedList';
import { listProducts } from '../../../lib/productLibrary';

const List = styled(ThumbnailList)`
  max-height: 220px;
  button {
    display: flex;
    align-items: center;
    gap: 10px;
    width: 100%;
    padding: 6px 8px;
    font: inherit;
    font-size: 14px;
    text-align: left;
    color: ${({ theme }) => theme.colors.text};
    background: none;
    border: 1px solid transparent;
    border-radius: ${({ theme }) => theme.radii.sm};
    cursor: pointer;
    &:hover, &:focus-visible { background: rgba(255, 255, 255, 0.04); border-color: ${({ theme }) => theme.colors.border}; }
  }
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

/** "Choose from your products": a product of the library instead of a new upload. */
export function ProductPicker({ currentId, onPick }: { currentId: number | null; onPick: (product: GarmentRecord) => void }) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // the error itself, not a flag: the note says why (a 503 is "temporarily unavailable")
  const [state, setState] = useState<{ products?: GarmentRecord[]; error?: unknown }>({});
  const load = () => {
    setState({});
    listProducts().then(
      (products) => setState({ products }),
      (error: unknown) => setState({ error: error ?? new Error('Unknown error') }),
    );
  };
  const fetching = { isPending: !state.products && !state.error, error: state.error, refetch: load };
  const others = state.products?.filter((p) => p.id !== currentId) ?? [];
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
          {others.length === 0 ? (
            <Note>No other products yet: each garment you upload is kept here.</Note>
          ) : (
            <List aria-label="Your products">
              {others.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    onClick={() => {
                      setOpen(false);
                      onPick(p);
                      // the list (and the button that had focus) goes: focus stays in the section, not on the page's body
                      toggleRef.current?.focus();
                    }}
                  >
                    <img src={p.croppedUrl ?? p.url} alt="" />
                    <span>{p.name}</span>
                    <small>{GARMENT_CATEGORY_LABELS[p.category]}</small>
                  </button>
                </li>
              ))}
            </List>
          )}
        </Fetched>
      )}
    </div>
  );
}

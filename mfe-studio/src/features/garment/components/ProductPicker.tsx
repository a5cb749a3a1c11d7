import { useState } from 'react';
import styled from 'styled-components';
import { GARMENT_CATEGORY_LABELS, type GarmentRecord } from '@vton/contracts';
import { Button, Spinner } from '@vton/ui';
import { listProducts } from '../../../lib/productLibrary';

const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 4px;
  max-height: 220px;
  overflow-y: auto;
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
  img { width: 36px; height: 36px; object-fit: cover; border-radius: 6px; background: #fff; flex: none; }
  span { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  small { margin-left: auto; color: ${({ theme }) => theme.colors.textMuted}; font-size: 12px; }
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
  const [state, setState] = useState<{ products?: GarmentRecord[]; failed?: boolean }>({});
  const load = () => {
    setState({});
    listProducts().then(
      (products) => setState({ products }),
      () => setState({ failed: true }),
    );
  };
  const others = state.products?.filter((p) => p.id !== currentId) ?? [];
  return (
    <div>
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        onClick={() => {
          if (!open) load();
          setOpen(!open);
        }}
      >
        {open ? 'Hide your products' : 'Choose from your products'}
      </Button>
      {open &&
        (state.failed ? (
          <Note role="alert">
            Your products could not be loaded.{' '}
            <Button variant="secondary" size="sm" onClick={load}>
              Try again
            </Button>
          </Note>
        ) : !state.products ? (
          <Note role="status">
            <Spinner size={14} /> Loading your products…
          </Note>
        ) : others.length === 0 ? (
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
                  }}
                >
                  <img src={p.croppedUrl ?? p.url} alt="" />
                  <span>{p.name}</span>
                  <small>{GARMENT_CATEGORY_LABELS[p.category]}</small>
                </button>
              </li>
            ))}
          </List>
        ))}
    </div>
  );
}

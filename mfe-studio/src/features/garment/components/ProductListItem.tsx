import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styled, { css } from 'styled-components';
import { apiErrorMessage, parseApiError, toast } from '@vton/shell-sdk';
import { GARMENT_CATEGORY_LABELS, MAX_GARMENT_NAME_LENGTH, type GarmentRecord } from '@vton/contracts';
import { Button, Input } from '@vton/ui';
import { deleteProduct, updateProduct } from '../../../lib/productLibrary';

/** A product's Delete button: where the focus goes when the product before it is deleted. */
export const DELETE_CONTROL = '[data-delete-product]';

// the product itself (thumbnail, name cut to one line, note) is the flexible part of its row
const face = css`
  flex: 1;
  min-width: 0;
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 6px 8px;
  font-size: 14px;
`;

const Product = styled.div`
  ${face}
`;

const PickButton = styled.button`
  ${face}
  font: inherit;
  font-size: 14px;
  text-align: left;
  color: ${({ theme }) => theme.colors.text};
  background: none;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: pointer;
  &:hover, &:focus-visible { background: rgba(255, 255, 255, 0.04); border-color: ${({ theme }) => theme.colors.border}; }
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  gap: 2px;
`;

const IconButton = styled(Button).attrs({ variant: 'ghost', size: 'icon' })`
  flex: none;
  width: 32px;
  height: 32px;
`;

// the rename form and the confirmation take the row's whole width, and wrap at 390 px
const Panel = styled.div`
  width: 100%;
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 6px 8px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  p { margin: 0; font-size: 13px; overflow-wrap: anywhere; }
`;

const NameInput = styled(Input)`
  height: 34px;
  font-size: 14px;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

/** Under the name: what is wrong with it, or how many characters are left. */
const FieldNote = styled.p<{ $problem?: boolean }>`
  color: ${({ theme, $problem }) => ($problem ? theme.colors.destructive : theme.colors.textMuted)};
`;

const icon = { width: 16, height: 16, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: false } as const;

/** Below this many characters left, the rename form counts them: the field takes no more than the API allows. */
const COUNT_FROM = 20;

export interface ProductListItemProps {
  product: GarmentRecord;
  /** The product in the workspace: listed to be renamed or deleted, not to be picked. */
  current: boolean;
  onPick: () => void;
  onRenamed: (product: GarmentRecord) => void;
  /** After the product is deleted (or found gone); `control` is the confirmation's button, still in the page. */
  onDeleted: (control: HTMLElement) => void;
}

/** A product of the library: pick it, rename it in place, or delete it after a confirmation. */
export function ProductListItem({ product, current, onPick, onRenamed, onDeleted }: ProductListItemProps) {
  const [mode, setMode] = useState<'shown' | 'renaming' | 'confirming'>('shown');
  // the control that opened the form or the confirmation takes the focus back when it closes
  const renameRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const focusBack = useRef<typeof renameRef | null>(null);
  useEffect(() => {
    if (mode !== 'shown' || !focusBack.current) return;
    focusBack.current.current?.focus();
    focusBack.current = null;
  }, [mode]);
  const closeTo = (control: typeof renameRef) => {
    focusBack.current = control;
    setMode('shown');
  };

  if (mode === 'renaming') {
    return (
      <Row>
        <RenameForm
          product={product}
          onDone={(renamed) => {
            if (renamed) onRenamed(renamed);
            closeTo(renameRef);
          }}
        />
      </Row>
    );
  }
  if (mode === 'confirming') {
    return (
      <Row>
        <DeleteConfirmation product={product} onKept={() => closeTo(deleteRef)} onDeleted={onDeleted} />
      </Row>
    );
  }
  const shown = (
    <>
      <img src={product.croppedUrl ?? product.url} alt="" />
      <span>{product.name}</span>
      <small>{current ? 'In the workspace' : GARMENT_CATEGORY_LABELS[product.category]}</small>
    </>
  );
  return (
    <Row>
      {current ? <Product>{shown}</Product> : <PickButton type="button" onClick={onPick}>{shown}</PickButton>}
      <IconButton ref={renameRef} aria-label={`Rename ${product.name}`} title="Rename" onClick={() => setMode('renaming')}>
        <svg {...icon}>
          <path d="M4 20h4L19 9l-4-4L4 16z" />
        </svg>
      </IconButton>
      <IconButton ref={deleteRef} aria-label={`Delete ${product.name}`} title="Delete" onClick={() => setMode('confirming')} data-delete-product="">
        <svg {...icon}>
          <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" />
        </svg>
      </IconButton>
    </Row>
  );
}

// Callback refs, stable so that they run when their control appears in place of the one pressed
// (which is gone with the focus it had), not at each render.
const focusWhenShown = (element: HTMLElement | null) => element?.focus();
const focusAndSelect = (element: HTMLInputElement | null) => {
  element?.focus();
  element?.select();
};

/** Escape from anywhere in a form or a confirmation cancels it (unless it is sending), and nothing else: not the crop tool around it. */
const onEscape = (cancel: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Escape') return;
  event.preventDefault();
  event.stopPropagation();
  cancel();
};

/** The name in a field: Enter (or Save) renames through PATCH /api/garments/:id, Escape (or Cancel) leaves it. */
function RenameForm({ product, onDone }: { product: GarmentRecord; onDone: (renamed: GarmentRecord | null) => void }) {
  const [name, setName] = useState(product.name);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const problemId = useId();
  const hintId = useId();
  const left = MAX_GARMENT_NAME_LENGTH - name.length;
  const save = async () => {
    const wanted = name.trim();
    if (!wanted) return setProblem('Give the product a name.');
    if (wanted === product.name) return onDone(null);
    setSaving(true);
    try {
      onDone(await updateProduct(product.id, { name: wanted }));
    } catch (error) {
      setSaving(false);
      setProblem(apiErrorMessage(error));
    }
  };
  return (
    <Panel
      as="form"
      aria-label={`Rename ${product.name}`}
      onKeyDown={onEscape(() => !saving && onDone(null))}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <NameInput
        ref={focusAndSelect}
        aria-label="Product name"
        value={name}
        maxLength={MAX_GARMENT_NAME_LENGTH}
        aria-invalid={problem ? true : undefined}
        aria-describedby={[problem ? problemId : '', left <= COUNT_FROM ? hintId : ''].join(' ').trim() || undefined}
        onChange={(event) => {
          setName(event.target.value);
          setProblem(null);
        }}
      />
      {problem && (
        <FieldNote $problem id={problemId} role="alert">
          {problem}
        </FieldNote>
      )}
      {left <= COUNT_FROM && <FieldNote id={hintId}>{left === 1 ? '1 character left' : `${left} characters left`}</FieldNote>}
      <Buttons>
        <Button type="submit" size="sm" loading={saving}>
          Save
        </Button>
        <Button variant="ghost" size="sm" disabled={saving} onClick={() => onDone(null)}>
          Cancel
        </Button>
      </Buttons>
    </Panel>
  );
}

/** "Delete <name>? Its results stay in the gallery." with Delete and Cancel; Cancel has the focus, so a key held down deletes nothing. */
function DeleteConfirmation({ product, onKept, onDeleted }: { product: GarmentRecord; onKept: () => void; onDeleted: (control: HTMLElement) => void }) {
  const [deleting, setDeleting] = useState(false);
  const questionId = useId();
  const remove = async (control: HTMLElement) => {
    setDeleting(true);
    try {
      await deleteProduct(product.id);
    } catch (error) {
      // deleted meanwhile (another tab): it is gone all the same
      if (parseApiError(error).status !== 404) {
        onKept();
        toast({ title: 'Could not delete the product', description: apiErrorMessage(error), variant: 'destructive' });
        return;
      }
    }
    onDeleted(control);
  };
  return (
    <Panel role="group" aria-labelledby={questionId} onKeyDown={onEscape(() => !deleting && onKept())}>
      <p id={questionId}>Delete {product.name}? Its results stay in the gallery.</p>
      <Buttons>
        <Button variant="destructive" size="sm" loading={deleting} onClick={(event) => void remove(event.currentTarget)}>
          Delete
        </Button>
        <Button variant="ghost" size="sm" ref={focusWhenShown} disabled={deleting} onClick={onKept}>
          Cancel
        </Button>
      </Buttons>
    </Panel>
  );
}

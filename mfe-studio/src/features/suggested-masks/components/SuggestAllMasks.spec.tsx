import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithHost } from '@vton/shell-sdk/testing';
import { createWorkspaceStore, WorkspaceStoreContext, type WorkspaceStore } from '../../../stores/workspaceStore';
import { clearSuggestions, suggestionsStore } from '../model/suggestionsStore';
import { approveAll, cancelSuggestAll, suggestAll } from '../utils/suggestions';
import { SuggestAllMasks } from './SuggestAllMasks';
import { SuggestMaskButton } from './SuggestMaskButton';
import { SuggestionTileStatus } from './SuggestionTileStatus';

jest.mock('../utils/suggestions', () => ({
  ...jest.requireActual('../utils/suggestions'),
  suggestAll: jest.fn(async () => {}),
  cancelSuggestAll: jest.fn(),
  approveAll: jest.fn(async () => {}),
}));

const masks = { apply: jest.fn(), watch: jest.fn(), export: jest.fn() };
const photos = [1, 2, 3].map((id) => ({ id, url: `/p${id}`, width: 400, height: 600 }));

afterEach(() => clearSuggestions());

/** The garment category comes from the workspace (the garment section's control). */
const inWorkspace = (ui: React.ReactElement, store: WorkspaceStore = createWorkspaceStore()) =>
  renderWithHost(<WorkspaceStoreContext.Provider value={store}>{ui}</WorkspaceStoreContext.Provider>);

describe('SuggestAllMasks', () => {
  it("Suggest all masks for the workspace's garment category, its progress with Cancel, then Approve all", () => {
    const onApprove = jest.fn();
    const store = createWorkspaceStore();
    store.setState({ garmentCategory: 'full_body' });
    inWorkspace(<SuggestAllMasks photos={photos} masks={masks} onApprove={onApprove} />, store);

    fireEvent.click(screen.getByRole('button', { name: 'Suggest all masks' }));
    expect(suggestAll).toHaveBeenCalledWith(masks, photos, 'full_body');
    act(() => suggestionsStore.setState({ batch: { current: 3, total: 8 } }));
    expect(screen.getByText('Suggesting 3/8…')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancelSuggestAll).toHaveBeenCalled();

    act(() => suggestionsStore.setState({ batch: null, batchComplete: true, photos: { 1: { state: 'suggested', mask: {} as CanvasImageSource, thumbnailUrl: 'data:t' }, 2: { state: 'no-person' } } }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve all' }));
    expect(approveAll).toHaveBeenCalledWith(masks, photos, onApprove);
  });

  it('no Approve all before a run reached its end, nor without a suggestion', () => {
    inWorkspace(<SuggestAllMasks photos={photos} masks={masks} onApprove={jest.fn()} />);
    act(() => suggestionsStore.setState({ batchComplete: false, photos: { 1: { state: 'suggested', mask: {} as CanvasImageSource, thumbnailUrl: 'data:t' } } }));
    expect(screen.queryByRole('button', { name: 'Approve all' })).not.toBeInTheDocument();
    act(() => suggestionsStore.setState({ batchComplete: true, photos: { 2: { state: 'no-person' } } }));
    expect(screen.queryByRole('button', { name: 'Approve all' })).not.toBeInTheDocument();
  });
});

describe('for the Product category', () => {
  it('offers no suggestion and says the mask is painted by hand, in the sidebar and in the mask editor', () => {
    const store = createWorkspaceStore();
    store.setState({ garmentCategory: 'product' });
    inWorkspace(
      <>
        <SuggestAllMasks photos={photos} masks={masks} onApprove={jest.fn()} />
        <SuggestMaskButton photo={photos[0]} masks={masks} />
      </>,
      store,
    );
    expect(screen.queryByRole('button', { name: 'Suggest all masks' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suggest mask' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('note').map((note) => note.textContent)).toEqual(['Paint where the product goes', 'Paint where the product goes']);
  });

  it('offers suggestions again when the seller goes back to a garment', () => {
    const store = createWorkspaceStore();
    store.setState({ garmentCategory: 'product' });
    inWorkspace(<SuggestAllMasks photos={photos} masks={masks} onApprove={jest.fn()} />, store);
    act(() => store.setState({ garmentCategory: 'lower_body' }));
    fireEvent.click(screen.getByRole('button', { name: 'Suggest all masks' }));
    expect(suggestAll).toHaveBeenCalledWith(masks, photos, 'lower_body');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});

describe('SuggestionTileStatus', () => {
  it('shows the no-person message on the tile', () => {
    renderWithHost(<SuggestionTileStatus photoId={2} />);
    act(() => suggestionsStore.setState({ photos: { 2: { state: 'no-person' } } }));
    expect(screen.getByText('No person found — paint the mask by hand')).toBeInTheDocument();
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithHost } from '@vton/shell-sdk/testing';
import { createWorkspaceStore, WorkspaceStoreContext } from '../../../stores/workspaceStore';
import { GarmentSection } from './GarmentSection';

function renderSection() {
  const store = createWorkspaceStore();
  renderWithHost(
    <WorkspaceStoreContext.Provider value={store}>
      <GarmentSection />
    </WorkspaceStoreContext.Provider>,
  );
  return { store, group: screen.getByRole('group', { name: 'Garment category' }) };
}

describe('garment category control (garment section)', () => {
  it('offers Upper body, Lower body, Full length and Product, Upper body chosen by default', () => {
    const { store, group } = renderSection();
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual(['Upper body', 'Lower body', 'Full length', 'Product']);
    expect(within(group).getByRole('radio', { name: 'Upper body' })).toBeChecked();
    expect(store.getState().garmentCategory).toBe('upper_body');
  });

  it('puts the choice in the workspace state', () => {
    const { store, group } = renderSection();
    fireEvent.click(within(group).getByRole('radio', { name: 'Full length' }));
    expect(store.getState().garmentCategory).toBe('full_body');
    expect(within(group).getByRole('radio', { name: 'Full length' })).toBeChecked();
    fireEvent.click(within(group).getByRole('radio', { name: 'Lower body' }));
    expect(store.getState().garmentCategory).toBe('lower_body');
    // Any object that is not worn: the job goes to the placement engine.
    fireEvent.click(within(group).getByRole('radio', { name: 'Product' }));
    expect(store.getState().garmentCategory).toBe('product');
  });

  it('is one group of native radios: one Tab stop, reachable and focusable from the keyboard', () => {
    const { group } = renderSection();
    const radios = within(group).getAllByRole('radio');
    // Native radios sharing a name: the browser moves the choice with the arrow keys.
    expect(new Set(radios.map((r) => r.getAttribute('name'))).size).toBe(1);
    radios[0].focus();
    expect(document.activeElement).toBe(radios[0]);
    expect(radios.every((r) => !r.hasAttribute('tabindex'))).toBe(true);
  });
});

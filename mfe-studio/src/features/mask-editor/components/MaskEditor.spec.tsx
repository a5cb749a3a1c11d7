import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { resetToastsForTests, toast } from '@vton/shell-sdk';
import { renderWithHost } from '@vton/shell-sdk/testing';
import { MaskEditor } from './MaskEditor';
import { clearMaskSessions, maskSessionFor, maskSessionIds } from '../model/maskSessions';

// jsdom has no 2D canvas: the renderer and the photo are stand-ins, the session lifecycle is real
jest.mock('../../../lib/image', () => ({ loadImage: jest.fn(async () => ({ width: 800, height: 1200 })) }));
jest.mock('../utils/maskRenderer', () => ({
  MaskRenderer: jest.fn().mockImplementation(() => ({
    surfaces: () => ({ mask: document.createElement('canvas'), base: null, version: 0 }),
    dispose: jest.fn(),
    resize: jest.fn(),
    exportMask: jest.fn(async () => new Blob(['mask'], { type: 'image/png' })),
    thumbnail: () => 'data:image/jpeg;base64,T',
  })),
}));

const photo = { id: 4, filename: 'anna.jpg', url: '/m4', width: 800, height: 1200 };

afterEach(() => {
  clearMaskSessions();
  resetToastsForTests();
});

async function openWithPaint(onApprove = jest.fn(), onCancel = jest.fn()) {
  const view = renderWithHost(<MaskEditor photo={photo} onCancel={onCancel} onApprove={onApprove} />);
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading photo' })).not.toBeInTheDocument());
  const { model } = maskSessionFor(photo);
  act(() => {
    model.beginStroke({ x: 100, y: 100 });
    model.endStroke();
  });
  return view;
}

describe('mask editor', () => {
  it('takes focus on its stage when it opens, so Space pans there while buttons keep Space', async () => {
    renderWithHost(<MaskEditor photo={photo} onCancel={jest.fn()} onApprove={jest.fn()} />);
    expect(screen.getByTestId('mask-stage')).toHaveFocus();
    const brush = screen.getByRole('button', { name: 'Brush' });
    brush.focus();
    const onButton = new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true, cancelable: true });
    brush.dispatchEvent(onButton);
    expect(onButton.defaultPrevented).toBe(false);
    const onStage = new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true, cancelable: true });
    screen.getByTestId('mask-stage').dispatchEvent(onStage);
    expect(onStage.defaultPrevented).toBe(true);
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading photo' })).not.toBeInTheDocument());
  });

  it('sends Tab from its stage round to its first control, and leaves Shift+Tab to the browser (the control before)', async () => {
    renderWithHost(<MaskEditor photo={photo} onCancel={jest.fn()} onApprove={jest.fn()} />);
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading photo' })).not.toBeInTheDocument());
    const stage = screen.getByTestId('mask-stage');
    expect(stage).toHaveAttribute('tabindex', '0');
    expect(fireEvent.keyDown(stage, { key: 'Tab' })).toBe(false);
    expect(screen.getByRole('button', { name: 'Brush' })).toHaveFocus();
    stage.focus();
    expect(fireEvent.keyDown(stage, { key: 'Tab', shiftKey: true })).toBe(true);
    expect(stage).toHaveFocus();
  });

  it('lets Tab from its stage go on to what follows it in the page (a toast’s controls) instead of back to Brush', async () => {
    renderWithHost(<MaskEditor photo={photo} onCancel={jest.fn()} onApprove={jest.fn()} />);
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading photo' })).not.toBeInTheDocument());
    act(() => {
      toast({ title: 'Suggestion failed', description: 'Please try again.', variant: 'destructive' });
    });
    const stage = screen.getByTestId('mask-stage');
    const toastShown = await screen.findByRole('alert');
    // the toast comes after the editor in the page, as it shows below and after it
    expect(stage.compareDocumentPosition(toastShown) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    stage.focus();
    expect(fireEvent.keyDown(stage, { key: 'Tab' })).toBe(true);
    expect(screen.getByRole('button', { name: 'Brush' })).not.toHaveFocus();
    expect(stage).toHaveFocus();
  });
});

describe('mask editor sessions', () => {
  it('keeps the mask in progress when the editor closes without approving', async () => {
    const onCancel = jest.fn();
    const view = await openWithPaint(undefined, onCancel);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    view.unmount();
    expect(maskSessionIds()).toEqual([4]);
    expect(maskSessionFor(photo).model.getState().hasPaint).toBe(true);
  });

  it('forgets the mask (and its full-size canvases) once it is approved', async () => {
    const onApprove = jest.fn();
    const view = await openWithPaint(onApprove);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onApprove).toHaveBeenCalledWith(expect.any(Blob), 'data:image/jpeg;base64,T'));
    expect(maskSessionIds()).toEqual([]);
    view.unmount();
    expect(maskSessionIds()).toEqual([]);
  });
});

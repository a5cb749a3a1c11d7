import { MaskEditorModel, type MaskChange } from './maskEditorModel';

function paint(model: MaskEditorModel, from = { x: 10, y: 10 }, to = { x: 200, y: 10 }) {
  model.beginStroke(from);
  model.extendStroke([to]);
  model.endStroke();
}

describe('MaskEditorModel', () => {
  it('starts with the spec defaults', () => {
    const state = new MaskEditorModel(100, 100).getState();
    expect(state).toMatchObject({ tool: 'brush', brushSize: 20, hardness: 80, view: { zoom: 1, panX: 0, panY: 0 }, canUndo: false, canRedo: false, hasPaint: false });
  });

  it('keeps the brush size within 5–100 and hardness within 0–100', () => {
    const model = new MaskEditorModel(100, 100);
    model.setBrushSize(1);
    expect(model.getState().brushSize).toBe(5);
    model.setBrushSize(500);
    expect(model.getState().brushSize).toBe(100);
    model.stepBrushSize(1);
    expect(model.getState().brushSize).toBe(100);
    model.setBrushSize(5);
    model.stepBrushSize(-1);
    expect(model.getState().brushSize).toBe(5);
    model.setHardness(-10);
    expect(model.getState().hardness).toBe(0);
    model.setHardness(180);
    expect(model.getState().hardness).toBe(100);
  });

  it('[ and ] step the brush size', () => {
    const model = new MaskEditorModel(100, 100);
    model.stepBrushSize(1);
    expect(model.getState().brushSize).toBe(25);
    model.stepBrushSize(-1);
    expect(model.getState().brushSize).toBe(20);
    model.stepBrushSize(-1);
    expect(model.getState().brushSize).toBe(19);
  });

  it('emits interpolated stamps while painting, one undo step per stroke', () => {
    const model = new MaskEditorModel(1000, 1000);
    const stamps: number[] = [];
    model.subscribe((c: MaskChange) => c.type === 'stamps' && stamps.push(c.stamps.length));
    model.beginStroke({ x: 0, y: 0 });
    model.extendStroke([{ x: 100, y: 0 }, { x: 200, y: 0 }]);
    expect(model.getState().isPainting).toBe(true);
    model.endStroke();
    expect(stamps.reduce((a, b) => a + b, 0)).toBe(41); // 0, 5, …, 200
    expect(model.undoDepth).toBe(1);
    expect(model.getState()).toMatchObject({ canUndo: true, canRedo: false, hasPaint: true, isPainting: false });
    expect(model.applied[0]).toMatchObject({ kind: 'stroke', stroke: { tool: 'brush', size: 20, hardness: 80 } });
  });

  it('a suggested mask replaces the paint as one undo step; undo brings the paint back', () => {
    const model = new MaskEditorModel(400, 300);
    const changes: MaskChange[] = [];
    paint(model);
    model.subscribe((c) => changes.push(c));
    const image = { width: 40, height: 30 } as unknown as CanvasImageSource;
    model.applySuggestion(image);
    expect(model.undoDepth).toBe(2);
    expect(model.applied[1]).toEqual({ kind: 'suggestion', image });
    expect(changes.find((c) => c.type === 'rebuild')).toEqual({ type: 'rebuild', applied: model.applied });
    expect(model.getState()).toMatchObject({ hasPaint: true, canUndo: true });
    model.undo();
    expect(model.applied.map((a) => a.kind)).toEqual(['stroke']);
    model.clear();
    model.applySuggestion(image);
    expect(model.getState().hasPaint).toBe(true);
  });

  it('keeps what leaves the undo window until a renderer takes it, and counts history changes', () => {
    const model = new MaskEditorModel(400, 300);
    const image = { width: 40, height: 30 } as unknown as CanvasImageSource;
    for (let i = 0; i < 20; i += 1) paint(model);
    model.applySuggestion(image);
    expect(model.historyVersion).toBe(21);
    expect(model.takeUnbaked()).toHaveLength(1);
    expect(model.takeUnbaked()).toHaveLength(0);
    model.undo();
    expect(model.historyVersion).toBe(22);
  });

  it('keeps 20 undo steps and bakes older strokes into the base', () => {
    const model = new MaskEditorModel(500, 500);
    const baked: MaskChange[] = [];
    model.subscribe((c) => c.type === 'bake' && baked.push(c));
    for (let i = 0; i < 23; i += 1) paint(model, { x: i, y: i }, { x: i + 10, y: i });
    expect(model.undoDepth).toBe(20);
    expect(baked).toHaveLength(3);
    let undos = 0;
    while (model.undo()) undos += 1;
    expect(undos).toBe(20);
    expect(model.getState().canUndo).toBe(false);
    // the baked strokes are still painted
    expect(model.getState().hasPaint).toBe(true);
  });

  it('undo and redo rebuild; a new stroke clears redo', () => {
    const model = new MaskEditorModel(500, 500);
    const rebuilds: number[] = [];
    model.subscribe((c) => c.type === 'rebuild' && rebuilds.push(c.applied.length));
    paint(model);
    paint(model);
    expect(model.undo()).toBe(true);
    expect(model.getState().canRedo).toBe(true);
    expect(model.redo()).toBe(true);
    expect(model.undo()).toBe(true);
    paint(model);
    expect(model.getState().canRedo).toBe(false);
    expect(model.redo()).toBe(false);
    expect(rebuilds).toEqual([1, 2, 1]);
  });

  it('clear is one undoable step and leaves no paint', () => {
    const model = new MaskEditorModel(500, 500);
    paint(model);
    model.clear();
    expect(model.getState().hasPaint).toBe(false);
    expect(model.undoDepth).toBe(2);
    model.undo();
    expect(model.getState().hasPaint).toBe(true);
    model.clear();
    model.clear(); // nothing more to clear: not recorded
    expect(model.undoDepth).toBe(2);
  });

  it('an eraser stroke alone is not paint', () => {
    const model = new MaskEditorModel(500, 500);
    model.setTool('eraser');
    paint(model);
    expect(model.getState().hasPaint).toBe(false);
    expect(model.applied[0]).toMatchObject({ stroke: { tool: 'eraser' } });
  });

  it('zooms around the cursor within 0.1–5, pans and resets', () => {
    const model = new MaskEditorModel(3840, 2160);
    model.setViewport(960, 540);
    model.zoomBy(100, { x: 100, y: 100 });
    expect(model.getState().view.zoom).toBe(5);
    model.zoomBy(0.0001);
    expect(model.getState().view.zoom).toBe(0.1);
    model.setZoom(2);
    model.panBy(30, -20);
    expect(model.getState().view).toMatchObject({ zoom: 2 });
    model.resetView();
    expect(model.getState().view).toEqual({ zoom: 1, panX: 0, panY: 0 });
  });

  it('view changes and brush settings are not undo steps', () => {
    const model = new MaskEditorModel(100, 100);
    model.zoomBy(2);
    model.setBrushSize(40);
    model.setTool('eraser');
    expect(model.getState().canUndo).toBe(false);
  });
});

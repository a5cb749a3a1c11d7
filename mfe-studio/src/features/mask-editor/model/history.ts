import { UNDO_HISTORY_LIMIT } from '@vton/contracts';

/**
 * Undo/redo over actions (deltas), after excalidraw's history.ts: what is recorded is one
 * entry per committed action — a finished stroke or a clear — never view changes or brush
 * settings. Applying a new action clears redo. Past `limit` entries the oldest one leaves the
 * undo stack for good: it is handed to `onEvict` so the caller can bake it into its base.
 */
export class ActionHistory<A> {
  private undoStack: A[] = [];
  private redoStack: A[] = [];

  constructor(
    private readonly onEvict: (action: A) => void = () => {},
    readonly limit: number = UNDO_HISTORY_LIMIT,
  ) {}

  /** Actions currently applied on top of the base, oldest first. */
  get applied(): readonly A[] {
    return this.undoStack;
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  get undoDepth(): number {
    return this.undoStack.length;
  }

  get redoDepth(): number {
    return this.redoStack.length;
  }

  record(action: A): void {
    this.undoStack.push(action);
    this.redoStack = [];
    while (this.undoStack.length > this.limit) this.onEvict(this.undoStack.shift()!);
  }

  undo(): A | undefined {
    const action = this.undoStack.pop();
    if (action !== undefined) this.redoStack.push(action);
    return action;
  }

  redo(): A | undefined {
    const action = this.redoStack.pop();
    if (action !== undefined) this.undoStack.push(action);
    return action;
  }

  reset(): void {
    this.undoStack = [];
    this.redoStack = [];
  }
}

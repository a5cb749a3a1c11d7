/** What the newest-first order needs of a result. */
export interface NumberedResult {
  /** Its gallery number ("Result #n"), once saved. */
  number?: number;
  processedAt: string;
}

/**
 * Results newest first by gallery number (issue 32), so the numbers read down in a stable order
 * (#8, #7, #6) and never jump; results not saved yet (no number) come first, newest first.
 */
export function newestFirst<T extends NumberedResult>(results: readonly T[]): T[] {
  return [...results].sort((a, b) => {
    if (a.number === undefined || b.number === undefined) {
      if (a.number !== b.number) return a.number === undefined ? -1 : 1;
      return b.processedAt.localeCompare(a.processedAt);
    }
    return b.number - a.number;
  });
}

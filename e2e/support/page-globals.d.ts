// What the specs record on the page's window while they watch it (layout shifts, progress texts,
// frames), read back with page.evaluate.
export {};

declare global {
  interface Window {
    __cls: number;
    __mainCls: number;
    __injected: boolean;
    __loading: string[];
    __progress: string[];
    uploadFrames: Array<{ text: string; drawn: number; announced: number }>;
  }
  /** The layout-shift entries the specs sum up (not in TypeScript's DOM library). */
  interface LayoutShift extends PerformanceEntry {
    value: number;
    hadRecentInput: boolean;
    sources: Array<{ node?: Element | null }>;
  }
}

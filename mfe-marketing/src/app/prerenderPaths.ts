/**
 * The marketing pages prerendered to HTML at build time (the shell's prerender renders them
 * inside its layout). The aurora demo is left to the browser: its first frame depends on the
 * visitor's reduced-motion setting.
 */
export const PRERENDER_PATHS = ['/', '/terms', '/privacy', '/cookies', '/gdpr', '/storyboard', '/inpaint', '/enhance'] as const;

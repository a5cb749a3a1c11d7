import { MOBILE_BREAKPOINT_PX, TOOL_LAYOUT_BREAKPOINT_PX } from '@vton/contracts';

/**
 * One theme for every frontend: a dark, low-glare studio surface so garment and model
 * photos keep their own colours, with a violet brand accent and the lime of the mask tool.
 */
export const theme = {
  colors: {
    background: '#0b0b12',
    surface: '#14141f',
    surfaceRaised: '#1c1c2a',
    overlay: 'rgba(5, 5, 10, 0.72)',
    border: 'rgba(255, 255, 255, 0.08)',
    borderStrong: 'rgba(255, 255, 255, 0.16)',
    text: '#f4f4f8',
    textMuted: '#a3a3b8',
    primary: '#8b6cff',
    primaryHover: '#9d83ff',
    primaryText: '#ffffff',
    accent: '#c6f432',
    destructive: '#f0506e',
    destructiveHover: '#f46a84',
    success: '#3ecf8e',
    focusRing: '#c6f432',
  },
  gradients: {
    brand: 'linear-gradient(135deg, #8b6cff 0%, #c16bff 55%, #ff7ab6 100%)',
    glow: 'radial-gradient(60% 60% at 50% 0%, rgba(139, 108, 255, 0.22) 0%, rgba(11, 11, 18, 0) 100%)',
  },
  fonts: {
    body: "'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  },
  radii: { sm: '8px', md: '12px', lg: '18px', pill: '999px' },
  shadows: {
    card: '0 1px 0 rgba(255, 255, 255, 0.04) inset, 0 12px 32px rgba(0, 0, 0, 0.35)',
    popover: '0 18px 48px rgba(0, 0, 0, 0.5)',
  },
  space: (n: number) => `${n * 4}px`,
  layout: { headerHeight: '64px', maxContentWidth: '1200px' },
  breakpoints: { mobile: MOBILE_BREAKPOINT_PX, toolLayout: TOOL_LAYOUT_BREAKPOINT_PX },
  zIndex: { header: 30, drawer: 40, popover: 50, toast: 100 },
} as const;

export type Theme = typeof theme;

/** Media queries named after the spec's breakpoints; "from" means at or above. */
export const media = {
  fromMobileBreakpoint: `@media (min-width: ${MOBILE_BREAKPOINT_PX}px)`,
  belowMobileBreakpoint: `@media (max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`,
  belowToolLayout: `@media (max-width: ${TOOL_LAYOUT_BREAKPOINT_PX - 1}px)`,
} as const;

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}

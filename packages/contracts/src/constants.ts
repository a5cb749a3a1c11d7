/** Business constants of spec §9, named once for every app. */
export const AUTH_TOKEN_STORAGE_KEY = 'auth_token';
export const USER_CACHE_MS = 5 * 60 * 1000;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_FOCUS_HOTKEY = 'F8';
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const MOBILE_BREAKPOINT_PX = 768;
export const TOOL_LAYOUT_BREAKPOINT_PX = 1024;
/** Protected routes wait this long for auth to resolve before sending a visitor to /auth. */
export const PROTECTED_REDIRECT_DELAY_MS = 100;

export const TARGET_IMAGE_SIZE = 960;
export const MIN_CROP_SIZE = 20;
export const MASK_PADDING = 10;

/** Spec §1: input photos of at least 2 MP are recommended; below it the studio warns that results will be soft (never refuses). */
export const RECOMMENDED_MIN_PIXELS = 2_000_000;

/** A suggested mask is computed and kept at most this many pixels a side; it is drawn scaled to the photo's full size. */
export const SUGGESTED_MASK_MAX_SIDE = 2048;
export const UNDO_HISTORY_LIMIT = 20;
export const EDITOR_ZOOM = { min: 0.1, max: 5, default: 1 } as const;
export const BRUSH_SIZE = { min: 5, max: 100, default: 20 } as const;
export const BRUSH_HARDNESS = { min: 0, max: 100, default: 80 } as const;
export const VIEWER_ZOOM = { min: 0.1, max: 8 } as const;
export const VIEWER_WHEEL_SENSITIVITY = 0.001;
export const VIEWER_WHEEL_LINE_SENSITIVITY = 0.008;
export const VIEWER_PINCH_FACTOR = 0.5;
export const SIDEBAR = { defaultFraction: 0.4, min: 240, max: 600, keyStep: 20 } as const;
export const SKELETON_CLEANUP_MS = 300;
export const BADGE_CAP = 99;
export const MOCK_DELAY_MS = 5000;
export const MOCK_DEFAULT_VARIATIONS = 4;
export const VERIFICATION_LINK_HOURS = 24;
export const PASSWORD_RESET_LINK_HOURS = 1;
export const MIN_PASSWORD_LENGTH = 8;
export const YEARLY_DISCOUNT_PERCENT = 35;

import { loadImage } from '../lib/image';
import { maskSessionFor, releaseMaskSession } from '../features/mask-editor/model/maskSessions';
import { MaskRenderer } from '../features/mask-editor/utils/maskRenderer';
import type { SuggestionMasks } from '../features/suggested-masks/utils/suggestions';

/** Suggested masks go into the mask editor's sessions: one history step, edited with the brush. */
export const suggestionMasks: SuggestionMasks = {
  apply(photo, mask) {
    maskSessionFor(photo).model.applySuggestion(mask);
  },
  watch(photo, mask, onChange) {
    const { model } = maskSessionFor(photo);
    return model.subscribe((change) => {
      if (change.type === 'rebuild') onChange(model.applied.some((action) => action.kind === 'suggestion' && action.image === mask));
    });
  },
  async export(photo) {
    const session = maskSessionFor(photo);
    if (!session.model.getState().hasPaint) return null;
    // an offscreen renderer paints the mask at full size, as the editor does for Approve
    const renderer = new MaskRenderer(session.model, await loadImage(photo.url), null, session.surfaces);
    try {
      const mask = await renderer.exportMask();
      const thumbnail = renderer.thumbnail();
      releaseMaskSession(photo.id);
      return { mask, thumbnail };
    } finally {
      renderer.dispose();
    }
  },
};

/** The mask's paint colour: the product's lime (the server reads the alpha channel). */
export const MASK_COLOR = '198, 244, 50';
/** Spec §9: mask thumbnails 200 px with the lime highlight at 40 %. */
export const MASK_THUMBNAIL_SIZE = 200;
export const MASK_THUMBNAIL_ALPHA = 0.4;

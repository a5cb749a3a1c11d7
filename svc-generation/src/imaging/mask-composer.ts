import type { CropBounds } from '@vton/contracts';
import sharp, { type Sharp } from 'sharp';
import type { ProviderFraming, ProviderLimits } from './framing.js';
import { featherSigma } from './placement.js';

/** A rectangle in pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where the model photo sits in the image a provider receives: `region` (a rectangle of the photo,
 * always inside it) is scaled by `scale` to `content` and placed at `offset` in a `frame`-sized
 * image; the rest of the frame is padding.
 */
export interface FramePlacement {
  frame: { width: number; height: number };
  region: Box;
  scale: number;
  content: { width: number; height: number };
  offset: { left: number; top: number };
}

export interface ProviderInputs {
  /** The framed photo on white: PNG, or JPEG where the framing asks for it (ProviderFraming.jpegQuality). */
  person: Buffer;
  /** The mask in the same frame, PNG, white on black. */
  mask: Buffer;
  placement: FramePlacement;
}

export interface ComposedImage {
  png: Buffer;
  /** The result's thumbnail (WebP, fitted inside `thumbnailSide`), when asked for. */
  thumbnail?: Buffer;
  width: number;
  height: number;
  /** How much the provider's content was scaled up to cover the mask bounds again (1 when it never shrank). */
  scaleFactor: number;
}

// Measured on a 4K photo-like image (BENCHMARKS.md): level 3 without adaptive filtering encodes in
// ~250 ms for 8.0 MB; levels 4–6 save < 0.5 % for 10–25 % more time; level 1 is ~90 ms faster but
// 63 % bigger (upload to svc-media, S3, the browser's download); adaptive filtering saves 30 % of
// the bytes for twice the time (level 3) or 4.5× (level 6).
export const RESULT_PNG = { compressionLevel: 3, adaptiveFiltering: false } as const;

/** The model photo decoded once: upright as stored, sRGB, 8-bit RGB or RGBA (grey is widened to RGB). */
export interface DecodedPhoto {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/**
 * Decodes the model photo once for both halves of a try-on (framing for the provider, composition
 * after it): a 4K JPEG costs ~100 ms to decode, and the raw pixels (25 MB at 4K) are what the
 * result is written into.
 */
export async function decodePhoto(original: Buffer): Promise<DecodedPhoto> {
  const meta = await sharp(original).metadata();
  const grey = (meta.channels ?? 3) < 3;
  const { data, info } = await (grey ? sharp(original).toColourspace('srgb') : sharp(original)).raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3 && info.channels !== 4) throw new Error(`the model photo decoded to ${info.channels} channels, expected RGB(A)`);
  return { data, width: info.width, height: info.height, channels: info.channels };
}

const asDecoded = (photo: Buffer | DecodedPhoto): Promise<DecodedPhoto> => (Buffer.isBuffer(photo) ? decodePhoto(photo) : Promise.resolve(photo));
const pixelsOf = (photo: DecodedPhoto) => sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: photo.channels } });

function roundBox(bounds: CropBounds): Box {
  return { left: Math.round(bounds.x), top: Math.round(bounds.y), width: Math.round(bounds.width), height: Math.round(bounds.height) };
}

/** The mask bounds rounded to whole pixels, refused when they do not lie inside the photo. */
export function boundsBox(bounds: CropBounds, photo: { width: number; height: number }): Box {
  const box = roundBox(bounds);
  if (box.width < 1 || box.height < 1 || box.left < 0 || box.top < 0 || box.left + box.width > photo.width || box.top + box.height > photo.height) {
    throw new Error(`inpaint bounds ${JSON.stringify(bounds)} lie outside the ${photo.width}×${photo.height} model photo`);
  }
  return box;
}

/**
 * Plans the provider's view of the photo: the mask bounds with `context` around them, widened
 * to the frame's aspect ratio with more of the photo when the framing asks for it, then scaled into
 * the frame (up only if allowed) and centred; what the photo cannot fill is padding.
 */
export function planFrame(photo: { width: number; height: number }, bounds: CropBounds, framing: ProviderFraming): FramePlacement {
  const box = boundsBox(bounds, photo);
  const marginX = Math.round(box.width * framing.context);
  const marginY = Math.round(box.height * framing.context);
  let region = clampBox({ left: box.left - marginX, top: box.top - marginY, width: box.width + 2 * marginX, height: box.height + 2 * marginY }, photo);
  if (framing.mode === 'widen') region = widenToAspect(region, framing.width / framing.height, photo);

  let scale = Math.min(framing.width / region.width, framing.height / region.height);
  if (!framing.upscale) scale = Math.min(1, scale);
  const content = {
    width: Math.max(1, Math.min(framing.width, Math.round(region.width * scale))),
    height: Math.max(1, Math.min(framing.height, Math.round(region.height * scale))),
  };
  if (framing.mode === 'free') return { frame: content, region, scale, content, offset: { left: 0, top: 0 } };
  return {
    frame: { width: framing.width, height: framing.height },
    region,
    scale,
    content,
    offset: { left: Math.floor((framing.width - content.width) / 2), top: Math.floor((framing.height - content.height) / 2) },
  };
}

/** Grows a region around its centre to `aspect` (width/height) with more of the photo, as far as the photo goes. */
function widenToAspect(region: Box, aspect: number, photo: { width: number; height: number }): Box {
  let { width, height } = region;
  if (width / height < aspect) width = Math.min(photo.width, Math.round(height * aspect));
  else height = Math.min(photo.height, Math.round(width / aspect));
  const centreX = region.left + region.width / 2;
  const centreY = region.top + region.height / 2;
  return clampBox({ left: Math.round(centreX - width / 2), top: Math.round(centreY - height / 2), width, height }, photo);
}

/** Shifts (then, if still too big, cuts) a box so that it lies inside the photo. */
function clampBox(box: Box, photo: { width: number; height: number }): Box {
  const width = Math.min(box.width, photo.width);
  const height = Math.min(box.height, photo.height);
  const left = Math.min(Math.max(0, box.left), photo.width - width);
  const top = Math.min(Math.max(0, box.top), photo.height - height);
  return { left, top, width, height };
}

/**
 * The provider's inputs for one model photo: the photo region framed on white and the mask
 * (white = garment, given for the mask bounds) in the same frame on black. Both are PNG; when
 * the framed photo is larger than the provider takes, it is scaled down until it fits (the frame
 * keeps its aspect ratio, so the placement still maps the answer back).
 */
export async function prepareProviderInputs(
  original: Buffer | DecodedPhoto,
  mask: Buffer,
  bounds: CropBounds,
  framing: ProviderFraming,
  limits: ProviderLimits,
): Promise<ProviderInputs> {
  const photo = await asDecoded(original);
  let placement = planFrame(photo, bounds, framing);
  for (let attempt = 0; ; attempt++) {
    const inputs = await renderInputs(photo, mask, bounds, placement, framing.jpegQuality);
    if (inputs.person.length <= limits.maxImageBytes || attempt >= 6) return inputs;
    // Too many bytes for the provider: the same view, at fewer pixels (what we send, never the result).
    const shrink = Math.sqrt(limits.maxImageBytes / inputs.person.length) * 0.9;
    placement = scalePlacement(placement, shrink);
  }
}

function scalePlacement(p: FramePlacement, factor: number): FramePlacement {
  const frame = { width: Math.max(1, Math.floor(p.frame.width * factor)), height: Math.max(1, Math.floor(p.frame.height * factor)) };
  const scale = p.scale * factor;
  const content = { width: Math.max(1, Math.min(frame.width, Math.round(p.region.width * scale))), height: Math.max(1, Math.min(frame.height, Math.round(p.region.height * scale))) };
  return { frame, region: p.region, scale, content, offset: { left: Math.floor((frame.width - content.width) / 2), top: Math.floor((frame.height - content.height) / 2) } };
}

/** The framed photo's encoding (ProviderFraming.jpegQuality): the pixel floor of the benchmarks encodes the same way. */
export function encodeFrame(image: Sharp, jpegQuality?: number): Sharp {
  return jpegQuality ? image.jpeg({ quality: jpegQuality }) : image.png(RESULT_PNG);
}

async function renderInputs(photo: DecodedPhoto, mask: Buffer, bounds: CropBounds, placement: FramePlacement, jpegQuality?: number): Promise<ProviderInputs> {
  const { frame, region, content, offset } = placement;
  const pad = { top: offset.top, left: offset.left, bottom: frame.height - offset.top - content.height, right: frame.width - offset.left - content.width };
  // The mask's place in the frame, in whole pixels (the same rounding compose uses to come back).
  const maskRect = frameRect(roundBox(bounds), placement);
  const maskPad = { top: maskRect.top, left: maskRect.left, bottom: frame.height - maskRect.top - maskRect.height, right: frame.width - maskRect.left - maskRect.width };
  const [person, maskFrame] = await Promise.all([
    encodeFrame(
      pixelsOf(photo)
        .extract(region)
        .resize(content.width, content.height, { fit: 'fill' })
        .flatten({ background: '#ffffff' })
        .extend({ ...pad, background: '#ffffff' }),
      jpegQuality,
    ).toBuffer(),
    // One band from the start, extended with black: no composite on an RGB canvas converted back to
    // grey (libvips goes through float scRGB for that, which cost more than the rest of the frame).
    sharp(mask)
      .flatten({ background: '#000000' })
      .extractChannel(0)
      .resize(maskRect.width, maskRect.height, { fit: 'fill' })
      .extend({ ...maskPad, background: '#000000' })
      .png(RESULT_PNG)
      .toBuffer(),
  ]);
  return { person, mask: maskFrame, placement };
}

/** A photo rectangle's place in the frame, rounded and kept inside the frame. */
function frameRect(box: Box, { region, scale, offset, frame }: FramePlacement): Box {
  const left = Math.max(0, Math.min(frame.width - 1, Math.round(offset.left + (box.left - region.left) * scale)));
  const top = Math.max(0, Math.min(frame.height - 1, Math.round(offset.top + (box.top - region.top) * scale)));
  return {
    left,
    top,
    width: Math.max(1, Math.min(frame.width - left, Math.round(box.width * scale))),
    height: Math.max(1, Math.min(frame.height - top, Math.round(box.height * scale))),
  };
}

/**
 * Puts a provider's answer back into the full photo. The answer stands for the whole frame
 * whatever its own size or aspect ratio (a provider answering 864×1296 for a 960 square is
 * stretched back onto the square): the part covering the mask bounds is cut out, scaled to the
 * bounds and blended in through the mask feathered by a Gaussian of ~1 % of the bounds' short side.
 * The photo is decoded once into one raw buffer, only the bounds are written, and it is encoded
 * once: the result has the photo's exact size and every pixel outside the feathered mask is the
 * photo's own.
 */
export async function composeIntoPhoto(
  original: Buffer | DecodedPhoto,
  answer: Buffer,
  mask: Buffer,
  bounds: CropBounds,
  placement: FramePlacement,
  options: { thumbnailSide?: number } = {},
): Promise<ComposedImage> {
  // A decoded photo given here is written into: its pixels become the result's.
  const full = await asDecoded(original);
  const { width, height, channels } = full;
  const box = boundsBox(bounds, { width, height });

  const res = await sharp(answer).metadata();
  const sx = res.width! / placement.frame.width;
  const sy = res.height! / placement.frame.height;
  // Exactly where the bounds went in the frame, read back in the answer's own pixels.
  const inFrame = frameRect(box, placement);
  const left = Math.min(res.width! - 1, Math.round(inFrame.left * sx));
  const top = Math.min(res.height! - 1, Math.round(inFrame.top * sy));
  const cut = {
    left,
    top,
    width: Math.max(1, Math.min(res.width! - left, Math.round(inFrame.width * sx))),
    height: Math.max(1, Math.min(res.height! - top, Math.round(inFrame.height * sy))),
  };

  const [garment, alpha] = await Promise.all([
    sharp(answer).extract(cut).resize(box.width, box.height, { fit: 'fill' }).flatten({ background: '#ffffff' }).removeAlpha().toColourspace('srgb').raw().toBuffer(),
    sharp(mask)
      .flatten({ background: '#000000' })
      .greyscale()
      .resize(box.width, box.height, { fit: 'fill' })
      .blur(featherSigma(box.width, box.height))
      .extractChannel(0)
      .raw()
      .toBuffer(),
  ]);
  blendInto(full.data, width, box, channels, garment, alpha);
  // The thumbnail from the same pixels, beside the PNG (no decode of the PNG just encoded).
  const side = options.thumbnailSide;
  const [png, thumbnail] = await Promise.all([
    pixelsOf(full).png(RESULT_PNG).toBuffer(),
    side ? pixelsOf(full).resize(side, side, { fit: 'inside', withoutEnlargement: true }).webp().toBuffer() : undefined,
  ]);
  return { png, ...(thumbnail ? { thumbnail } : {}), width, height, scaleFactor: Math.max(1, 1 / placement.scale) };
}

/**
 * Inside `box` of the full photo: pixel ← pixel·(1−a) + garment·a; a = 0 leaves the photo's
 * bytes untouched, and nothing outside the box is written. A run of full coverage on an RGB photo
 * (most of a mask) is one copy of the garment's bytes rather than a loop over its pixels.
 */
function blendInto(full: Buffer, fullWidth: number, box: Box, channels: number, garment: Buffer, alpha: Buffer): void {
  for (let y = 0; y < box.height; y++) {
    const rowStart = ((box.top + y) * fullWidth + box.left) * channels;
    for (let x = 0, p = y * box.width; x < box.width; x++, p++) {
      // libvips' integer blur kernel tops out at 253–254 inside a solid mask: that is full coverage.
      const a = alpha[p] >= 253 ? 255 : alpha[p];
      if (a === 0) continue;
      const r = rowStart + x * channels;
      const g = p * 3;
      if (a === 255 && channels === 3) {
        let end = x + 1;
        while (end < box.width && alpha[p + end - x] >= 253) end++;
        full.set(garment.subarray(g, g + (end - x) * 3), r);
        p += end - x - 1;
        x = end - 1;
        continue;
      }
      if (a === 255) {
        full[r] = garment[g];
        full[r + 1] = garment[g + 1];
        full[r + 2] = garment[g + 2];
        full[r + 3] = 255;
        continue;
      }
      const b = 255 - a;
      full[r] = (full[r] * b + garment[g] * a + 127) / 255;
      full[r + 1] = (full[r + 1] * b + garment[g + 1] * a + 127) / 255;
      full[r + 2] = (full[r + 2] * b + garment[g + 2] * a + 127) / 255;
      if (channels === 4) full[r + 3] = (full[r + 3] * b + 255 * a + 127) / 255;
    }
  }
}

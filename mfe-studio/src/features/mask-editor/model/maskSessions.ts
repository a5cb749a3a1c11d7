import { MaskEditorModel } from './maskEditorModel';

/** The pixels of one model photo's mask in the editor (drawn by utils/maskRenderer). */
export interface MaskSurfaces {
  mask: HTMLCanvasElement;
  base: HTMLCanvasElement | null;
  /** The model's history version the pixels show. */
  version: number;
}

/** What a mask being painted keeps between openings of the editor: its history and its pixels. */
export interface MaskSession {
  model: MaskEditorModel;
  /** Two canvases at the photo's full resolution (≈33 MB each at 4K) once the editor has run. */
  surfaces: MaskSurfaces | null;
}

export interface MaskSessionPhoto {
  id: number;
  width: number;
  height: number;
}

/**
 * Masks being painted in this page session, by model photo id. An entry lives from the first
 * opening of a photo until its mask is approved, the photo leaves the workspace, or the
 * workspace session is dropped (sign out, another account).
 */
const sessions = new Map<number, MaskSession>();

/** The photo's session: the one left by an earlier opening, or a new clear one. */
export function maskSessionFor(photo: MaskSessionPhoto): MaskSession {
  const existing = sessions.get(photo.id);
  if (existing && existing.model.imageWidth === photo.width && existing.model.imageHeight === photo.height) return existing;
  const session: MaskSession = { model: new MaskEditorModel(photo.width, photo.height), surfaces: null };
  sessions.set(photo.id, session);
  return session;
}

/** Forgets the mask of one photo (approved, or the photo was removed). */
export function releaseMaskSession(photoId: number): void {
  sessions.delete(photoId);
}

/** Forgets the masks of photos no longer in the workspace. */
export function retainMaskSessions(photoIds: Iterable<number>): void {
  const keep = new Set(photoIds);
  for (const id of [...sessions.keys()]) if (!keep.has(id)) sessions.delete(id);
}

/** Forgets every mask: the workspace session was dropped. */
export function clearMaskSessions(): void {
  sessions.clear();
}

/** The photo ids with a mask in progress (tests and diagnostics). */
export function maskSessionIds(): number[] {
  return [...sessions.keys()];
}

/** Whether any photo has paint not yet approved (the page warns before it closes). */
export function hasUnapprovedMasks(): boolean {
  for (const session of sessions.values()) if (session.model.hasUnapprovedChanges) return true;
  return false;
}

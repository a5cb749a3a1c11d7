/**
 * The one place object-storage keys are built and recognised:
 * `<userId>/<kind>/<id>-<variant>.<ext>`. The owner comes first, so a key names its owner
 * and a user's objects can be listed (or removed) under one prefix.
 */
export const OBJECT_KINDS = ['garments', 'models', 'generated'] as const;
export type ObjectKind = (typeof OBJECT_KINDS)[number];

export const OBJECT_VARIANTS = ['original', 'cropped', 'inpaint-cropped', 'inpaint-mask', 'thumb', 'full'] as const;
export type ObjectVariant = (typeof OBJECT_VARIANTS)[number];

export const OBJECT_EXTENSIONS = ['jpg', 'png', 'webp'] as const;
export type ObjectExtension = (typeof OBJECT_EXTENSIONS)[number];

export const CONTENT_TYPES: Record<ObjectExtension, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export interface ObjectKeyParts {
  userId: number;
  kind: ObjectKind;
  id: number;
  variant: ObjectVariant;
  ext: ObjectExtension;
}

const KEY_PATTERN = new RegExp(
  `^([1-9]\\d{0,15})/(${OBJECT_KINDS.join('|')})/([1-9]\\d{0,15})-(${OBJECT_VARIANTS.join('|')})\\.(${OBJECT_EXTENSIONS.join('|')})$`,
);

function assertId(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${value}`);
}

export function objectKey({ userId, kind, id, variant, ext }: ObjectKeyParts): string {
  assertId(userId, 'userId');
  assertId(id, 'id');
  if (!OBJECT_KINDS.includes(kind)) throw new Error(`unknown object kind ${kind}`);
  if (!OBJECT_VARIANTS.includes(variant)) throw new Error(`unknown object variant ${variant}`);
  if (!OBJECT_EXTENSIONS.includes(ext)) throw new Error(`unknown object extension ${ext}`);
  return `${userId}/${kind}/${id}-${variant}.${ext}`;
}

/** The parts of a key built by objectKey, or null for anything else (a forged or foreign path). */
export function parseObjectKey(key: string): ObjectKeyParts | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const [, userId, kind, id, variant, ext] = match;
  const parts = { userId: Number(userId), kind: kind as ObjectKind, id: Number(id), variant: variant as ObjectVariant, ext: ext as ObjectExtension };
  return Number.isSafeInteger(parts.userId) && Number.isSafeInteger(parts.id) ? parts : null;
}

/** Everything one user owns starts with this prefix. */
export function userPrefix(userId: number): string {
  assertId(userId, 'userId');
  return `${userId}/`;
}

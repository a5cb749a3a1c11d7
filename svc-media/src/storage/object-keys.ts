import { randomBytes } from 'node:crypto';

/**
 * The one place object-storage keys are built and recognised:
 * `<userId>/<kind>/<id>-<variant>.<ext>`, or `<userId>/<kind>/<id>-<variant>.v<version>.<ext>`
 * for a file that replaces an earlier one (a new mask, a replaced garment photo): each write
 * gets its own key, so it never overwrites bytes a row still describes. The owner comes first,
 * so a key names its owner and a user's objects can be listed (or removed) under one prefix.
 */
export const OBJECT_KINDS = ['garments', 'models', 'generated'] as const;
export type ObjectKind = (typeof OBJECT_KINDS)[number];

export const OBJECT_VARIANTS = ['original', 'cropped', 'inpaint-cropped', 'inpaint-mask', 'suggested-mask', 'thumb', 'full'] as const;
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
  /** One write among several of the same file (newObjectVersion()); absent for the first upload. */
  version?: string;
}

const VERSION_PATTERN = /^[0-9a-z]{1,32}$/;

const KEY_PATTERN = new RegExp(
  `^([1-9]\\d{0,15})/(${OBJECT_KINDS.join('|')})/([1-9]\\d{0,15})-(${OBJECT_VARIANTS.join('|')})(?:\\.v([0-9a-z]{1,32}))?\\.(${OBJECT_EXTENSIONS.join('|')})$`,
);

/** A fresh version for objectKey: time-ordered and unique enough for concurrent writes of one file. */
export function newObjectVersion(): string {
  return `${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;
}

function assertId(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${value}`);
}

export function objectKey({ userId, kind, id, variant, ext, version }: ObjectKeyParts): string {
  assertId(userId, 'userId');
  assertId(id, 'id');
  if (!OBJECT_KINDS.includes(kind)) throw new Error(`unknown object kind ${kind}`);
  if (!OBJECT_VARIANTS.includes(variant)) throw new Error(`unknown object variant ${variant}`);
  if (!OBJECT_EXTENSIONS.includes(ext)) throw new Error(`unknown object extension ${ext}`);
  if (version !== undefined && !VERSION_PATTERN.test(version)) throw new Error(`object version must be 1-32 of [0-9a-z], got ${version}`);
  return `${userId}/${kind}/${id}-${variant}${version === undefined ? '' : `.v${version}`}.${ext}`;
}

/** The parts of a key built by objectKey, or null for anything else (a forged or foreign path). */
export function parseObjectKey(key: string): ObjectKeyParts | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const [, userId, kind, id, variant, version, ext] = match;
  const parts: ObjectKeyParts = { userId: Number(userId), kind: kind as ObjectKind, id: Number(id), variant: variant as ObjectVariant, ext: ext as ObjectExtension };
  if (version !== undefined) parts.version = version;
  return Number.isSafeInteger(parts.userId) && Number.isSafeInteger(parts.id) ? parts : null;
}

/** Everything one user owns starts with this prefix. */
export function userPrefix(userId: number): string {
  assertId(userId, 'userId');
  return `${userId}/`;
}

/** Geometry of brush strokes, in the photo's own pixels. */
export interface Point {
  x: number;
  y: number;
}

/** Stamps closer than this fraction of the brush size overlap enough that a stroke never looks dotted. */
export const STAMP_SPACING_FRACTION = 0.25;

export function stampSpacing(brushSize: number): number {
  return Math.max(1, brushSize * STAMP_SPACING_FRACTION);
}

/**
 * Walks from `from` to `to` placing stamps every `spacing` px. `carry` is how far along the
 * path the next stamp is due (what the previous segment left over), so spacing stays even
 * across pointer samples however far apart they are. Returns the stamps and the new carry.
 */
export function interpolateSegment(from: Point, to: Point, spacing: number, carry: number): { stamps: Point[]; carry: number } {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy);
  const stamps: Point[] = [];
  let at = carry;
  while (at <= length) {
    const t = length === 0 ? 0 : at / length;
    stamps.push({ x: from.x + dx * t, y: from.y + dy * t });
    at += spacing;
    if (length === 0) break;
  }
  return { stamps, carry: length === 0 ? spacing : at - length };
}

/** Every stamp of a stroke through `points` (the first point always stamps, so a click leaves a dot). */
export function strokeStamps(points: readonly Point[], brushSize: number): Point[] {
  if (points.length === 0) return [];
  const spacing = stampSpacing(brushSize);
  const stamps: Point[] = [{ ...points[0] }];
  let carry = spacing;
  for (let i = 1; i < points.length; i += 1) {
    const segment = interpolateSegment(points[i - 1], points[i], spacing, carry);
    stamps.push(...segment.stamps);
    carry = segment.carry;
  }
  return stamps;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The box the stamps of one brush size touch (stamps are discs of that diameter). */
export function stampsBounds(stamps: readonly Point[], brushSize: number): Rect | null {
  if (stamps.length === 0) return null;
  const r = brushSize / 2 + 1;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of stamps) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  return { x: Math.floor(minX - r), y: Math.floor(minY - r), width: Math.ceil(maxX - minX + 2 * r), height: Math.ceil(maxY - minY + 2 * r) };
}

export function unionRect(a: Rect | null, b: Rect | null): Rect | null {
  if (!a) return b;
  if (!b) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/** `rect` limited to a width×height surface; null when nothing is left. */
export function clipRect(rect: Rect, width: number, height: number): Rect | null {
  const x = Math.max(0, rect.x);
  const y = Math.max(0, rect.y);
  const right = Math.min(width, rect.x + rect.width);
  const bottom = Math.min(height, rect.y + rect.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

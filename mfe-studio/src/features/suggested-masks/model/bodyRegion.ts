import type { WornCategory } from '@vton/contracts';

/**
 * A pose landmark as the pose model gives it: x and y as fractions of the photo's width and
 * height (beyond 0–1 for a joint it places off the photo), visibility 0–1.
 */
export interface PoseLandmark {
  x: number;
  y: number;
  visibility?: number;
}

/** The person's silhouette on the downscaled photo: one byte a pixel, 0 background … 255 person. */
export interface Silhouette {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

export type SuggestedRegion =
  /** `alpha`: one byte a pixel of the silhouette's grid, 255 where the garment goes. */
  | { kind: 'mask'; width: number; height: number; alpha: Uint8Array; area: number }
  /** No person, or the body region the garment covers is not on the photo. */
  | { kind: 'no-person' };

/** BlazePose's 33 landmarks, the ones the regions are built from. */
export const LANDMARK = {
  nose: 0,
  mouthLeft: 9,
  mouthRight: 10,
  leftShoulder: 11,
  rightShoulder: 12,
  leftElbow: 13,
  rightElbow: 14,
  leftWrist: 15,
  rightWrist: 16,
  leftPinky: 17,
  rightPinky: 18,
  leftIndex: 19,
  rightIndex: 20,
  leftThumb: 21,
  rightThumb: 22,
  leftHip: 23,
  rightHip: 24,
  leftKnee: 25,
  rightKnee: 26,
  leftAnkle: 27,
  rightAnkle: 28,
} as const;

/**
 * The pairs of joints that must be on the photo for each garment type's region to make sense,
 * each pair with at least one of its joints seen: a leg turned away from the camera hides its
 * knee behind the other one, and the model then gives that knee a visibility of about 0.5 though
 * it places it right (the woman of e2e/fixtures/people). A joint off the photo has a visibility
 * far below that (about 0.15 for the knees of a waist-up portrait).
 */
const REQUIRED: Record<WornCategory, Array<[number, number]>> = {
  'upper_body': [[LANDMARK.leftShoulder, LANDMARK.rightShoulder]],
  'lower_body': [[LANDMARK.leftHip, LANDMARK.rightHip], [LANDMARK.leftKnee, LANDMARK.rightKnee]],
  'full_body': [[LANDMARK.leftShoulder, LANDMARK.rightShoulder], [LANDMARK.leftHip, LANDMARK.rightHip]],
};

const MIN_VISIBILITY = 0.5;
/** A hand is left out of the mask when its wrist is seen at least this clearly. */
const HAND_VISIBILITY = 0.8;
/** A joint this far off the photo (as a fraction of its size) still counts as on it. */
const FRAME_TOLERANCE = 0.02;
/** Below this share of the region on the silhouette, the pose was found on no real person. */
const MIN_SILHOUETTE_SHARE = 0.2;
/** Below this share of the photo, the mask would be too small to be a garment. */
const MIN_AREA_SHARE = 0.005;
/** How deep a torso seen side on is (in a loose top), as a fraction of its length: less than its width seen from the front. */
const TORSO_DEPTH = 0.6;
/** How far beside its knee and ankle joints a leg may reach, as a fraction of the torso's length. */
const LEG_REACH = 0.4;
/** The dilation, as a fraction of the photo's longer side: covers the soft edge of the silhouette. */
export const DILATION_SHARE = 0.012;

interface Vec {
  x: number;
  y: number;
}

const sub = (a: Vec, b: Vec): Vec => ({ x: a.x - b.x, y: a.y - b.y });
const add = (a: Vec, b: Vec): Vec => ({ x: a.x + b.x, y: a.y + b.y });
const scale = (a: Vec, k: number): Vec => ({ x: a.x * k, y: a.y * k });
const dot = (a: Vec, b: Vec): number => a.x * b.x + a.y * b.y;
const length = (a: Vec): number => Math.hypot(a.x, a.y);
const mid = (a: Vec, b: Vec): Vec => scale(add(a, b), 0.5);

type Shape = { kind: 'polygon'; points: Vec[] } | { kind: 'capsule'; from: Vec; to: Vec; radius: number } | { kind: 'disc'; centre: Vec; radius: number };

/**
 * The body's own frame: `up` from the hips to the shoulders, `across` at right angles (to the
 * photo's right for an upright person). (s, t) = (across, up) offsets from the shoulders' midpoint.
 */
interface BodyFrame {
  origin: Vec;
  up: Vec;
  across: Vec;
  shoulderWidth: number;
  hipWidth: number;
  torso: number;
}

function bodyFrame(p: (i: number) => Vec): BodyFrame {
  const shoulders = mid(p(LANDMARK.leftShoulder), p(LANDMARK.rightShoulder));
  const hips = mid(p(LANDMARK.leftHip), p(LANDMARK.rightHip));
  const axis = sub(shoulders, hips);
  const torso = length(axis);
  const up = torso > 1e-6 ? scale(axis, 1 / torso) : { x: 0, y: -1 };
  const shoulderWidth = Math.max(length(sub(p(LANDMARK.leftShoulder), p(LANDMARK.rightShoulder))), 0.3 * torso, 1);
  const hipWidth = Math.max(length(sub(p(LANDMARK.leftHip), p(LANDMARK.rightHip))), 0.6 * shoulderWidth);
  return { origin: shoulders, up, across: { x: -up.y, y: up.x }, shoulderWidth, hipWidth, torso: Math.max(torso, shoulderWidth) };
}

const along = (frame: BodyFrame, point: Vec) => {
  const d = sub(point, frame.origin);
  return { s: dot(d, frame.across), t: dot(d, frame.up) };
};
const fromBody = (frame: BodyFrame, s: number, t: number): Vec => add(frame.origin, add(scale(frame.across, s), scale(frame.up, t)));

/**
 * The neck line (as t): a third of the way from the shoulders up to the chin, estimated one
 * nose-to-mouth distance below the mouth. Nothing above it is ever in a suggestion: no face, no hair.
 */
function neckLine(frame: BodyFrame, p: (i: number) => Vec): number {
  const mouth = along(frame, mid(p(LANDMARK.mouthLeft), p(LANDMARK.mouthRight))).t;
  const nose = along(frame, p(LANDMARK.nose)).t;
  const chin = mouth - Math.max(0, nose - mouth);
  return chin > 0 ? chin * 0.35 : chin - 0.05 * frame.shoulderWidth;
}

/** Lateral extent (min, max of s) of a pair of joints, widened by `margin` on both sides and to at least `minWidth` about their middle. */
function span(frame: BodyFrame, a: Vec, b: Vec, margin: number, minWidth = 0): [number, number] {
  const sa = along(frame, a).s;
  const sb = along(frame, b).s;
  const half = Math.max(Math.abs(sa - sb) / 2 + margin, minWidth / 2);
  return [(sa + sb) / 2 - half, (sa + sb) / 2 + half];
}

/** The t of a pair of joints' midpoint. */
const level = (frame: BodyFrame, a: Vec, b: Vec): number => along(frame, mid(a, b)).t;

/** A band down the body: for each level (t) the lateral extent; returns the outline polygon. */
function band(frame: BodyFrame, rows: Array<{ t: number; from: number; to: number }>): Shape {
  const right = rows.map((row) => fromBody(frame, row.to, row.t));
  const left = rows.map((row) => fromBody(frame, row.from, row.t)).reverse();
  return { kind: 'polygon', points: [...right, ...left] };
}

/** The shapes the garment covers (before the silhouette), and those it never covers. */
function regionShapes(garmentCategory: WornCategory, frame: BodyFrame, p: (i: number) => Vec, seen: (i: number) => boolean, neck: number): { covered: Shape[]; excluded: Shape[] } {
  const L = LANDMARK;
  const sw = frame.shoulderWidth;
  const hw = frame.hipWidth;
  const shoulders = level(frame, p(L.leftShoulder), p(L.rightShoulder));
  const hips = level(frame, p(L.leftHip), p(L.rightHip));
  const knees = level(frame, p(L.leftKnee), p(L.rightKnee));
  const ankles = level(frame, p(L.leftAnkle), p(L.rightAnkle));
  // a person standing side on shows the torso's depth, though the shoulders and hips look close together
  const torsoDepth = TORSO_DEPTH * frame.torso;
  const [shoulderFrom, shoulderTo] = span(frame, p(L.leftShoulder), p(L.rightShoulder), 0.2 * sw, torsoDepth);
  const [hipFrom, hipTo] = span(frame, p(L.leftHip), p(L.rightHip), 0.35 * hw, torsoDepth);
  // a leg reaches further from its joints than the hips' width says when the person stands side on
  // (the hips' width then collapses) or a knee is placed on the leg's edge: the silhouette bounds it
  const legReach = Math.max(0.35 * hw, LEG_REACH * frame.torso);
  const [kneeFrom, kneeTo] = span(frame, p(L.leftKnee), p(L.rightKnee), legReach);
  const [ankleFrom, ankleTo] = span(frame, p(L.leftAnkle), p(L.rightAnkle), legReach);
  const upperArms: Shape[] = [
    { kind: 'capsule', from: p(L.leftShoulder), to: p(L.leftElbow), radius: 0.25 * sw },
    { kind: 'capsule', from: p(L.rightShoulder), to: p(L.rightElbow), radius: 0.25 * sw },
  ];
  const forearms: Shape[] = [
    { kind: 'capsule', from: p(L.leftElbow), to: p(L.leftWrist), radius: 0.12 * sw },
    { kind: 'capsule', from: p(L.rightElbow), to: p(L.rightWrist), radius: 0.12 * sw },
  ];
  // only hands the model clearly sees: one it merely guesses (behind the body, off the photo) is often placed on the torso
  const hands = [
    [L.leftWrist, L.leftPinky, L.leftIndex, L.leftThumb],
    [L.rightWrist, L.rightPinky, L.rightIndex, L.rightThumb],
  ].filter(([wrist]) => seen(wrist)).map(([wrist, ...fingers]): Shape => {
    const w = p(wrist);
    const tip = scale(fingers.map(p).reduce(add), 1 / fingers.length);
    // a hand is about as long as a third of the shoulders are wide: misplaced finger points must not punch a hole in the torso
    const reach = Math.min(length(sub(tip, w)), 0.2 * sw);
    const towards = length(sub(tip, w)) > 1e-6 ? scale(sub(tip, w), reach / length(sub(tip, w))) : { x: 0, y: 0 };
    return { kind: 'disc', centre: add(w, scale(towards, 0.7)), radius: Math.max(1.3 * reach, 0.12 * sw) };
  });
  const hem = hips - 0.15 * frame.torso;

  switch (garmentCategory) {
    case 'upper_body':
      return {
        covered: [band(frame, [{ t: neck, from: shoulderFrom, to: shoulderTo }, { t: shoulders, from: shoulderFrom, to: shoulderTo }, { t: hips, from: hipFrom, to: hipTo }, { t: hem, from: hipFrom, to: hipTo }]), ...upperArms],
        excluded: hands,
      };
    case 'lower_body': {
      const waist = hips + 0.25 * frame.torso;
      return {
        covered: [band(frame, [{ t: waist, from: hipFrom, to: hipTo }, { t: hips, from: hipFrom, to: hipTo }, { t: knees, from: kneeFrom, to: kneeTo }, { t: ankles, from: ankleFrom, to: ankleTo }])],
        excluded: [...hands, ...forearms],
      };
    }
    case 'full_body': {
      const calves = knees + 0.5 * (ankles - knees);
      return {
        covered: [
          band(frame, [{ t: neck, from: shoulderFrom, to: shoulderTo }, { t: shoulders, from: shoulderFrom, to: shoulderTo }, { t: hips, from: hipFrom, to: hipTo }, { t: knees, from: kneeFrom, to: kneeTo }, { t: calves, from: (kneeFrom + ankleFrom) / 2, to: (kneeTo + ankleTo) / 2 }]),
          ...upperArms,
        ],
        // the band is as wide as the legs reach by the knees: arms hanging beside the thighs are not the garment
        excluded: [...hands, ...forearms],
      };
    }
  }
}

function insidePolygon(points: Vec[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i, i += 1) {
    const a = points[i];
    const b = points[j];
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

function insideShape(shape: Shape, x: number, y: number): boolean {
  switch (shape.kind) {
    case 'polygon':
      return insidePolygon(shape.points, x, y);
    case 'disc':
      return (x - shape.centre.x) ** 2 + (y - shape.centre.y) ** 2 <= shape.radius ** 2;
    case 'capsule': {
      const d = sub(shape.to, shape.from);
      const lengthSquared = dot(d, d);
      const k = lengthSquared > 0 ? Math.min(1, Math.max(0, ((x - shape.from.x) * d.x + (y - shape.from.y) * d.y) / lengthSquared)) : 0;
      return (x - shape.from.x - k * d.x) ** 2 + (y - shape.from.y - k * d.y) ** 2 <= shape.radius ** 2;
    }
  }
}

/** The bounding box of the silhouette (pixels ≥ 128), or null when it is empty. */
export function silhouetteBox(silhouette: Silhouette): { x: number; y: number; width: number; height: number } | null {
  const { width, height, data } = silhouette;
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (data[y * width + x] < 128) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  return right < 0 ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * A square around `box` (`margin` of its longer side on each side), clipped to the frame: the
 * pose model places joints best on a person who fills its frame (a waist-up portrait small in a
 * wide photo gets hips placed on the chest).
 */
export function squareAround(box: { x: number; y: number; width: number; height: number }, frameWidth: number, frameHeight: number, margin = 0.1) {
  const side = Math.max(box.width, box.height) * (1 + 2 * margin);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const x = Math.max(0, Math.floor(cx - side / 2));
  const y = Math.max(0, Math.floor(cy - side / 2));
  return { x, y, width: Math.min(frameWidth, Math.ceil(cx + side / 2)) - x, height: Math.min(frameHeight, Math.ceil(cy + side / 2)) - y };
}

/** Grows the set pixels of `mask` (0/1) by `radius` pixels (chamfer distance, two passes). */
export function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const distance = new Float32Array(mask.length);
  for (let i = 0; i < mask.length; i += 1) distance[i] = mask[i] ? 0 : Infinity;
  const diagonal = Math.SQRT2;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      let d = distance[i];
      if (d === 0) continue;
      if (x > 0) d = Math.min(d, distance[i - 1] + 1);
      if (y > 0) {
        d = Math.min(d, distance[i - width] + 1);
        if (x > 0) d = Math.min(d, distance[i - width - 1] + diagonal);
        if (x < width - 1) d = Math.min(d, distance[i - width + 1] + diagonal);
      }
      distance[i] = d;
    }
  }
  for (let y = height - 1; y >= 0; y -= 1) {
    for (let x = width - 1; x >= 0; x -= 1) {
      const i = y * width + x;
      let d = distance[i];
      if (d === 0) continue;
      if (x < width - 1) d = Math.min(d, distance[i + 1] + 1);
      if (y < height - 1) {
        d = Math.min(d, distance[i + width] + 1);
        if (x < width - 1) d = Math.min(d, distance[i + width + 1] + diagonal);
        if (x > 0) d = Math.min(d, distance[i + width - 1] + diagonal);
      }
      distance[i] = d;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i += 1) out[i] = distance[i] <= radius ? 1 : 0;
  return out;
}

/**
 * Where the garment goes on a photo: the body region the garment type covers (upper body:
 * shoulders to hips with the arms to the elbows; lower body: waist to ankles; full length:
 * shoulders to below the knees), intersected with the person's silhouette and slightly dilated,
 * never above the neck line nor on the hands. Works on the silhouette's (downscaled) grid.
 */
export function suggestRegion(landmarks: readonly PoseLandmark[] | null | undefined, silhouette: Silhouette, garmentCategory: WornCategory): SuggestedRegion {
  const { width, height, data } = silhouette;
  if (!landmarks || landmarks.length < 33) return { kind: 'no-person' };
  const onPhoto = (i: number) => {
    const { x, y } = landmarks[i];
    return x >= -FRAME_TOLERANCE && x <= 1 + FRAME_TOLERANCE && y >= -FRAME_TOLERANCE && y <= 1 + FRAME_TOLERANCE;
  };
  const visible = (i: number) => (landmarks[i].visibility ?? 1) >= MIN_VISIBILITY;
  if (!REQUIRED[garmentCategory].every(([a, b]) => onPhoto(a) && onPhoto(b) && (visible(a) || visible(b)))) return { kind: 'no-person' };

  const p = (i: number): Vec => ({ x: landmarks[i].x * width, y: landmarks[i].y * height });
  const frame = bodyFrame(p);
  const neck = neckLine(frame, p);
  const seen = (i: number) => (landmarks[i].visibility ?? 1) >= HAND_VISIBILITY;
  const { covered, excluded } = regionShapes(garmentCategory, frame, p, seen, neck);

  const region = new Uint8Array(width * height);
  const onPerson = new Uint8Array(width * height);
  let regionArea = 0;
  let personArea = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (!covered.some((shape) => insideShape(shape, x + 0.5, y + 0.5))) continue;
      region[i] = 1;
      regionArea += 1;
      if (data[i] >= 128) {
        onPerson[i] = 1;
        personArea += 1;
      }
    }
  }
  if (regionArea === 0 || personArea < MIN_SILHOUETTE_SHARE * regionArea || personArea < MIN_AREA_SHARE * width * height) return { kind: 'no-person' };

  const grown = dilate(onPerson, width, height, Math.max(1, DILATION_SHARE * Math.max(width, height)));
  const alpha = new Uint8Array(width * height);
  let area = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (!grown[i]) continue;
      const cx = x + 0.5;
      const cy = y + 0.5;
      if (along(frame, { x: cx, y: cy }).t > neck) continue;
      if (excluded.some((shape) => insideShape(shape, cx, cy))) continue;
      alpha[i] = 255;
      area += 1;
    }
  }
  return area > 0 ? { kind: 'mask', width, height, alpha, area } : { kind: 'no-person' };
}

import { LANDMARK, dilate, silhouetteBox, squareAround, suggestRegion, type PoseLandmark, type Silhouette } from './bodyRegion';

/** A 200×400 photo of an upright person facing the camera (their left on the photo's right). */
const WIDTH = 200;
const HEIGHT = 400;

function person(overrides: Partial<Record<keyof typeof LANDMARK, [number, number]>> = {}): PoseLandmark[] {
  const at: Record<keyof typeof LANDMARK, [number, number]> = {
    nose: [100, 50],
    mouthLeft: [105, 65],
    mouthRight: [95, 65],
    leftShoulder: [140, 100],
    rightShoulder: [60, 100],
    leftElbow: [150, 160],
    rightElbow: [50, 160],
    leftWrist: [150, 210],
    rightWrist: [50, 210],
    leftPinky: [154, 228],
    rightPinky: [46, 228],
    leftIndex: [150, 230],
    rightIndex: [50, 230],
    leftThumb: [146, 224],
    rightThumb: [54, 224],
    leftHip: [125, 220],
    rightHip: [75, 220],
    leftKnee: [125, 300],
    rightKnee: [75, 300],
    leftAnkle: [125, 380],
    rightAnkle: [75, 380],
    ...overrides,
  };
  const landmarks: PoseLandmark[] = Array.from({ length: 33 }, () => ({ x: 0.5, y: 0.1, visibility: 0.2 }));
  for (const [name, index] of Object.entries(LANDMARK)) {
    const [x, y] = at[name as keyof typeof LANDMARK];
    landmarks[index] = { x: x / WIDTH, y: y / HEIGHT, visibility: 0.99 };
  }
  return landmarks;
}

/** The person's silhouette: head, neck, torso, arms (hands included) and legs. */
function silhouette(): Silhouette {
  const data = new Uint8Array(WIDTH * HEIGHT);
  const fill = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) data[y * WIDTH + x] = 255;
  };
  for (let y = 25; y < 85; y += 1) for (let x = 70; x < 130; x += 1) if ((x - 100) ** 2 + (y - 55) ** 2 <= 900) data[y * WIDTH + x] = 255;
  fill(90, 80, 110, 100);
  fill(55, 95, 145, 225);
  fill(40, 100, 60, 235);
  fill(140, 100, 160, 235);
  fill(65, 220, 95, 390);
  fill(105, 220, 135, 390);
  return { width: WIDTH, height: HEIGHT, data };
}

function covers(region: ReturnType<typeof suggestRegion>, x: number, y: number): boolean {
  if (region.kind !== 'mask') throw new Error(`expected a mask, got ${region.kind}`);
  return region.alpha[y * region.width + x] === 255;
}

describe('suggestRegion', () => {
  it('upper body: the torso and the upper arms, never the face, the neck above the neck line, the hands or the legs', () => {
    const region = suggestRegion(person(), silhouette(), 'upper_body');
    expect(covers(region, 100, 160)).toBe(true); // chest
    expect(covers(region, 100, 215)).toBe(true); // waist
    expect(covers(region, 145, 130)).toBe(true); // upper arm
    expect(covers(region, 100, 97)).toBe(true); // collar
    expect(covers(region, 100, 55)).toBe(false); // face
    expect(covers(region, 100, 30)).toBe(false); // hair
    expect(covers(region, 100, 88)).toBe(false); // neck above the neck line
    expect(covers(region, 150, 228)).toBe(false); // hand
    expect(covers(region, 80, 320)).toBe(false); // thigh
    expect(covers(region, 10, 10)).toBe(false); // background
  });

  it('lower body: waist to ankles, not the chest, forearms or hands', () => {
    const region = suggestRegion(person(), silhouette(), 'lower_body');
    expect(covers(region, 80, 300)).toBe(true);
    expect(covers(region, 120, 370)).toBe(true);
    expect(covers(region, 100, 215)).toBe(true);
    expect(covers(region, 100, 130)).toBe(false);
    expect(covers(region, 150, 228)).toBe(false);
    expect(covers(region, 150, 200)).toBe(false);
  });

  it('full length: shoulders to below the knees', () => {
    const region = suggestRegion(person(), silhouette(), 'full_body');
    expect(covers(region, 100, 130)).toBe(true);
    expect(covers(region, 80, 300)).toBe(true);
    expect(covers(region, 80, 330)).toBe(true);
    expect(covers(region, 80, 385)).toBe(false); // ankles
    expect(covers(region, 100, 55)).toBe(false);
  });

  it('lower body with a knee the model half sees (a leg turned away): found when the other knee is seen', () => {
    const landmarks = person();
    landmarks[LANDMARK.leftKnee].visibility = 0.45;
    expect(covers(suggestRegion(landmarks, silhouette(), 'lower_body'), 120, 300)).toBe(true);
    landmarks[LANDMARK.rightKnee].visibility = 0.45;
    expect(suggestRegion(landmarks, silhouette(), 'lower_body')).toEqual({ kind: 'no-person' });
  });

  it('a person standing side on: the whole torso and both legs, though the hips and shoulders look narrow', () => {
    const sideOn = person({
      leftShoulder: [105, 100], rightShoulder: [95, 100], leftHip: [102, 220], rightHip: [98, 220],
      leftKnee: [110, 300], rightKnee: [90, 300], leftAnkle: [112, 380], rightAnkle: [88, 380],
    });
    const region = suggestRegion(sideOn, silhouette(), 'lower_body');
    expect(covers(region, 70, 300)).toBe(true); // the leg behind, by the knee
    expect(covers(region, 130, 340)).toBe(true);
    expect(covers(region, 100, 130)).toBe(false); // chest
    const upper = suggestRegion(sideOn, silhouette(), 'upper_body');
    expect(covers(upper, 70, 170)).toBe(true); // the back
    expect(covers(upper, 130, 170)).toBe(true); // the front
    expect(covers(upper, 80, 320)).toBe(false); // thigh
  });

  it('is slightly dilated beyond the silhouette edge', () => {
    const region = suggestRegion(person(), silhouette(), 'lower_body');
    expect(covers(region, 62, 300)).toBe(true); // 3 px outside the leg
    expect(covers(region, 50, 300)).toBe(false);
  });

  it('finds no person without landmarks, on an empty silhouette, or when the region is off the photo', () => {
    const empty = { width: WIDTH, height: HEIGHT, data: new Uint8Array(WIDTH * HEIGHT) };
    expect(suggestRegion(null, silhouette(), 'upper_body')).toEqual({ kind: 'no-person' });
    expect(suggestRegion(person(), empty, 'upper_body')).toEqual({ kind: 'no-person' });
    const cutAtTheHips = person({ leftKnee: [125, 480], rightKnee: [75, 480], leftAnkle: [125, 560], rightAnkle: [75, 560] });
    expect(suggestRegion(cutAtTheHips, silhouette(), 'lower_body')).toEqual({ kind: 'no-person' });
    expect(suggestRegion(cutAtTheHips, silhouette(), 'upper_body').kind).toBe('mask');
  });

  it('finds no person when the pose lies mostly off the silhouette', () => {
    const data = new Uint8Array(WIDTH * HEIGHT);
    for (let i = 0; i < 40 * WIDTH; i += 1) data[i] = 255; // something at the top, not the posed body
    expect(suggestRegion(person(), { width: WIDTH, height: HEIGHT, data }, 'upper_body')).toEqual({ kind: 'no-person' });
  });

  it('a hand the model only guesses (wrist seen below 0.8) is not cut out', () => {
    const landmarks = person({ leftWrist: [110, 170], leftIndex: [110, 185], leftPinky: [114, 183], leftThumb: [106, 180] });
    expect(covers(suggestRegion(landmarks, silhouette(), 'upper_body'), 110, 178)).toBe(false);
    for (const i of [LANDMARK.leftWrist, LANDMARK.leftIndex, LANDMARK.leftPinky, LANDMARK.leftThumb]) landmarks[i].visibility = 0.7;
    expect(covers(suggestRegion(landmarks, silhouette(), 'upper_body'), 110, 178)).toBe(true);
  });

  it('misplaced finger points do not punch a hole in the torso', () => {
    const region = suggestRegion(person({ leftIndex: [100, 150], leftPinky: [100, 150], leftThumb: [100, 150] }), silhouette(), 'upper_body');
    expect(covers(region, 80, 190)).toBe(true);
  });
});

describe('silhouetteBox and squareAround', () => {
  it('box the person and square it inside the frame', () => {
    const box = silhouetteBox(silhouette());
    expect(box).toEqual({ x: 40, y: 25, width: 120, height: 365 });
    expect(squareAround(box!, WIDTH, HEIGHT)).toEqual({ x: 0, y: 0, width: 200, height: 400 });
    expect(squareAround({ x: 100, y: 100, width: 20, height: 40 }, WIDTH, HEIGHT)).toEqual({ x: 86, y: 96, width: 48, height: 48 });
    expect(silhouetteBox({ width: 2, height: 2, data: new Uint8Array(4) })).toBeNull();
  });
});

describe('dilate', () => {
  it('grows a pixel into a disc of the radius', () => {
    const mask = new Uint8Array(11 * 11);
    mask[5 * 11 + 5] = 1;
    const grown = dilate(mask, 11, 11, 3);
    expect(grown[5 * 11 + 8]).toBe(1);
    expect(grown[5 * 11 + 9]).toBe(0);
    expect(grown[2 * 11 + 5]).toBe(1);
    expect(grown[8 * 11 + 8]).toBe(0); // corner of the square, outside the disc
  });
});

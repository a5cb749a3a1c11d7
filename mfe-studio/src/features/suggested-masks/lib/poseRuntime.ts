import type { Options, Pose, Results } from '@mediapipe/pose';
import type { PoseLandmark, Silhouette } from '../model/bodyRegion';

/**
 * MediaPipe Pose (@mediapipe/pose, Apache-2.0): its runtime (wasm) and models ship inside the
 * npm package; webpack copies them into the studio's build as hashed assets (`new URL(…,
 * import.meta.url)`), so they come from our own origin, are cached as immutable files, and are
 * fetched only when this module is first imported — the first time a suggestion is asked for.
 */
const SCRIPTS: Record<string, URL> = {
  'pose.js': new URL('@mediapipe/pose/pose.js', import.meta.url),
  'pose_solution_packed_assets_loader.js': new URL('@mediapipe/pose/pose_solution_packed_assets_loader.js', import.meta.url),
  'pose_solution_simd_wasm_bin.js': new URL('@mediapipe/pose/pose_solution_simd_wasm_bin.js', import.meta.url),
  'pose_solution_wasm_bin.js': new URL('@mediapipe/pose/pose_solution_wasm_bin.js', import.meta.url),
};

/** The large files, fetched by us (for the progress) and handed to MediaPipe as blob: URLs. */
const BINARIES: Record<string, { url: URL; type: string; simd?: boolean }> = {
  'pose_solution_simd_wasm_bin.wasm': { url: new URL('@mediapipe/pose/pose_solution_simd_wasm_bin.wasm', import.meta.url), type: 'application/wasm', simd: true },
  'pose_solution_wasm_bin.wasm': { url: new URL('@mediapipe/pose/pose_solution_wasm_bin.wasm', import.meta.url), type: 'application/wasm', simd: false },
  'pose_solution_packed_assets.data': { url: new URL('@mediapipe/pose/pose_solution_packed_assets.data', import.meta.url), type: 'application/octet-stream' },
  'pose_web.binarypb': { url: new URL('@mediapipe/pose/pose_web.binarypb', import.meta.url), type: 'application/octet-stream' },
  // model complexity 0: the lite landmark model (with its segmentation head)
  'pose_landmark_lite.tflite': { url: new URL('@mediapipe/pose/pose_landmark_lite.tflite', import.meta.url), type: 'application/octet-stream' },
};

const OPTIONS: Options = { modelComplexity: 0, enableSegmentation: true, smoothLandmarks: false, smoothSegmentation: false, selfieMode: false };

/** How long the first load may take before the manual path is offered instead. */
const LOAD_TIMEOUT_MS = 120_000;

/** What the pose model found on one (downscaled) photo. */
export interface PoseFinding {
  landmarks: PoseLandmark[] | null;
  silhouette: Silhouette | null;
}

export interface PoseDetector {
  detect(photo: HTMLCanvasElement): Promise<PoseFinding>;
}

/** WebAssembly SIMD support (the smallest module using a v128 instruction), as MediaPipe checks it. */
function supportsSimd(): boolean {
  try {
    return WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]));
  } catch {
    return false;
  }
}

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Failed to load ${url}`));
    document.head.appendChild(script);
  });
}

/** Fetches the binaries one by one, reporting the bytes received over their total size. */
async function fetchBinaries(names: string[], onProgress: (fraction: number) => void): Promise<Record<string, string>> {
  const responses = [];
  for (const name of names) {
    const response = await fetch(BINARIES[name].url.href);
    if (!response.ok || !response.body) throw new Error(`Failed to load ${name}: ${response.status}`);
    responses.push({ name, response, size: Number(response.headers.get('content-length')) || 0 });
  }
  const total = responses.reduce((sum, r) => sum + r.size, 0) || 1;
  let received = 0;
  const urls: Record<string, string> = {};
  for (const { name, response } of responses) {
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(Math.min(1, received / total));
    }
    urls[name] = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: BINARIES[name].type }));
  }
  return urls;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The pose model took too long to load')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The silhouette from MediaPipe's segmentation mask (confidence in its alpha channel). */
function readSilhouette(mask: CanvasImageSource & { width: number; height: number }, width: number, height: number): Silhouette {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(mask, 0, 0, width, height);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i += 1) data[i] = rgba[i * 4 + 3];
  return { width, height, data };
}

async function createDetector(onProgress: (fraction: number) => void): Promise<PoseDetector> {
  const simd = supportsSimd();
  const names = Object.keys(BINARIES).filter((name) => BINARIES[name].simd === undefined || BINARIES[name].simd === simd);
  const blobs = await fetchBinaries(names, (fraction) => onProgress(0.9 * fraction));
  await loadScript(SCRIPTS['pose.js'].href);
  const PoseClass = (window as unknown as { Pose?: typeof Pose }).Pose;
  if (!PoseClass) throw new Error('The pose model did not start');
  const pose = new PoseClass({ locateFile: (file: string) => blobs[file] ?? SCRIPTS[file]?.href ?? file });
  pose.setOptions(OPTIONS);
  let deliver: ((results: Results) => void) | null = null;
  pose.onResults((results) => deliver?.(results));
  await pose.initialize();

  /** Runs one frame and reads what it found while MediaPipe's result is still valid. */
  const run = <T,>(image: HTMLCanvasElement, read: (results: Results) => T): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      let value: { result: T } | null = null;
      deliver = (results) => {
        try {
          value = { result: read(results) };
        } catch (error) {
          reject(error);
        }
      };
      pose.send({ image }).then(
        () => {
          deliver = null;
          if (value) resolve(value.result);
          else reject(new Error('The pose model gave no result'));
        },
        (error: unknown) => {
          deliver = null;
          reject(error);
        },
      );
    });

  const blanks = new Map<string, HTMLCanvasElement>();
  const blank = (width: number, height: number) => {
    const key = `${width}x${height}`;
    let canvas = blanks.get(key);
    if (!canvas) {
      canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')!.fillRect(0, 0, width, height);
      blanks.set(key, canvas);
    }
    return canvas;
  };

  // the first frame compiles the GPU programs: pay it during the load, not on the first photo
  await run(blank(256, 256), () => null);
  onProgress(1);

  // MediaPipe tracks a person from frame to frame: after a frame with a person, an empty frame
  // makes it look afresh (the next photo may show someone else, or no one)
  let tracking = false;
  const detectOne = async (photo: HTMLCanvasElement): Promise<PoseFinding> => {
    if (tracking) await run(blank(photo.width, photo.height), () => null);
    tracking = true;
    const finding = await run(photo, (results) => ({
      landmarks: results.poseLandmarks ? results.poseLandmarks.map(({ x, y, visibility }) => ({ x, y, visibility })) : null,
      silhouette: results.segmentationMask ? readSilhouette(results.segmentationMask as CanvasImageSource & { width: number; height: number }, photo.width, photo.height) : null,
    }));
    tracking = finding.landmarks !== null;
    return finding;
  };
  // one graph, one frame at a time: a photo asked for meanwhile (the editor during "Suggest all") waits its turn
  let queue: Promise<unknown> = Promise.resolve();
  return {
    detect(photo) {
      const next = queue.then(() => detectOne(photo));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

let detector: Promise<PoseDetector> | null = null;

/**
 * The pose detector, loaded once per page (`onProgress` 0–1 during the first load). A load that
 * fails (no WebGL, no WebAssembly, a network error) stays failed for this page: the seller paints
 * by hand.
 */
export function loadPoseDetector(onProgress: (fraction: number) => void = () => {}): Promise<PoseDetector> {
  detector ??= withTimeout(createDetector(onProgress), LOAD_TIMEOUT_MS);
  return detector;
}

import { createContext, useContext } from 'react';
import { DEFAULT_GARMENT_CATEGORY, type CropData, type GarmentCategory, type GarmentRecord, type ModelMask, type ModelMasks, type ModelPhotoRecord, type SuggestedMasks, type TryOnJob } from '@vton/contracts';
import type { SessionResult } from '@vton/shell-sdk';
import { createStore, useStore, useStoreFields, type Store } from '../lib/createStore';

/** Spec §3 garment (workspace): the uploaded record plus what the page shows meanwhile. */
export interface WorkspaceGarment {
  /** Server id once stored. */
  id: number | null;
  filename: string;
  /** The product's name in the library, once stored (what its results are called after). */
  name?: string;
  /** What to show: the local file until the server's signed URL is known. */
  url: string;
  width: number;
  height: number;
  croppedUrl: string | null;
  cropData: CropData | null;
  /** 0–1 while uploading, null otherwise. */
  uploadProgress: number | null;
  uploadedAt: string;
}

export type ModelPhotoStatus = 'processing' | 'uploaded' | 'ready';

/** Spec §3 model photo, client side. */
export interface WorkspaceModelPhoto {
  /** Stable client key (the server id arrives after the upload). */
  key: string;
  id: number | null;
  filename: string;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  status: ModelPhotoStatus;
  /** 200 px preview of the photo with the approved mask in lime at 40 %. */
  maskThumbnailUrl: string | null;
  /** Spec §3 inpaint data from the server: the approved mask of the workspace's garment category. */
  inpaint: ModelPhotoRecord['inpaint'];
  /** Every approved mask of the photo, by garment category (a photo keeps one per category). */
  masks: ModelMasks;
  /** The suggested masks the server keeps for it, by category, until that category's mask is approved (restored after a reload). */
  suggestedMasks?: SuggestedMasks;
  error?: string;
  uploadedAt: string;
}

export type WorkspaceTool = 'none' | 'crop' | 'mask';

/**
 * A Mock generation (spec §7) as the generation view's progress list shows it: one row per model
 * photo it uses, waiting until its result (a session result's id) is made.
 */
export interface MockGeneration {
  models: { modelId: number; resultId: string | null }[];
}

/** Spec §3 workspace state (results themselves live in the SDK's session results store). */
export interface WorkspaceState {
  garment: WorkspaceGarment | null;
  /** The garment category (Upper body / Lower body / Full length), sent with each try-on job. */
  garmentCategory: GarmentCategory;
  models: WorkspaceModelPhoto[];
  /** 0–1 while model photos upload. */
  modelsUploadProgress: number | null;
  tool: WorkspaceTool;
  /** The model photo whose mask is open in the mask editor (the spec's inpaint tool). */
  maskModelKey: string | null;
  /** The prompt ("variations" in the spec's state). */
  prompt: string;
  activeResult: SessionResult | null;
  showGeneration: boolean;
  generating: boolean;
  mockGenerating: boolean;
  job: TryOnJob | null;
  /** The latest generation when it is a Mock: the progress list shows it instead of the job before it. */
  mock: MockGeneration | null;
  errors: string[];
  /** True while the workspace is being rebuilt from the server after a page reload. */
  restoring: boolean;
  /** Why the workspace could not be rebuilt after a reload (null when it was, or is being, rebuilt). */
  restoreError: string | null;
}

export const initialWorkspaceState: WorkspaceState = {
  garment: null,
  garmentCategory: DEFAULT_GARMENT_CATEGORY,
  models: [],
  modelsUploadProgress: null,
  tool: 'none',
  maskModelKey: null,
  prompt: '',
  activeResult: null,
  showGeneration: false,
  generating: false,
  mockGenerating: false,
  job: null,
  mock: null,
  errors: [],
  restoring: false,
  restoreError: null,
};

export type WorkspaceStore = Store<WorkspaceState>;

export function createWorkspaceStore(initial: Partial<WorkspaceState> = {}): WorkspaceStore {
  return createStore<WorkspaceState>({ ...initialWorkspaceState, ...initial });
}

/**
 * A stored model photo as a workspace tile (after an upload, or rebuilt after a reload), for the
 * workspace's garment category: ready when it has that category's mask.
 */
export function modelFromRecord(record: ModelPhotoRecord, maskThumbnailUrl: string | null = null, category: GarmentCategory = DEFAULT_GARMENT_CATEGORY): WorkspaceModelPhoto {
  const masks = record.masks ?? {};
  const ready = record.status === 'ready' && Boolean(masks[category]);
  return {
    key: `model-${record.id}`,
    id: record.id,
    filename: record.filename,
    url: record.url,
    thumbnailUrl: record.thumbnailUrl,
    width: record.width,
    height: record.height,
    status: ready ? 'ready' : record.status === 'ready' ? 'uploaded' : modelStatusFromRecord(record),
    maskThumbnailUrl: ready ? maskThumbnailUrl : null,
    inpaint: ready ? inpaintOf(masks[category]!) : null,
    masks,
    suggestedMasks: record.suggestedMasks ?? {},
    error: record.error,
    uploadedAt: record.uploadedAt,
  };
}

export function garmentFromRecord(record: GarmentRecord): WorkspaceGarment {
  return {
    id: record.id,
    filename: record.filename,
    name: record.name,
    url: record.url,
    width: record.width,
    height: record.height,
    croppedUrl: record.croppedUrl,
    cropData: record.cropData,
    uploadProgress: null,
    uploadedAt: record.uploadedAt,
  };
}

/** A mask of the record as the workspace's §3 inpaint data. */
export function inpaintOf({ croppedImageUrl, processedMaskUrl, bounds }: ModelMask): NonNullable<ModelPhotoRecord['inpaint']> {
  return { croppedImageUrl, processedMaskUrl, bounds };
}

/** Server status → what the tile shows: "uploading"/"processing" are both the Processing spinner. */
export function modelStatusFromRecord(record: ModelPhotoRecord): ModelPhotoStatus {
  return record.status === 'ready' ? 'ready' : record.status === 'uploaded' ? 'uploaded' : 'processing';
}

// ---- derived values (spec §2, §5) ----
export const isGarmentCropped = (s: WorkspaceState): boolean => Boolean(s.garment?.croppedUrl);
export const readyModels = (s: WorkspaceState): WorkspaceModelPhoto[] => s.models.filter((m) => m.status === 'ready' && m.id !== null);
/** "Try on" needs a cropped garment and at least one ready model (with its inpaint data). */
export const canTryOn = (s: WorkspaceState): boolean =>
  isGarmentCropped(s) && s.garment?.id != null && readyModels(s).length > 0 && !s.generating;

// ---- transitions (spec §4) ----
/** No tool open: the canvas shows the garment or the generation. */
const CLOSED_TOOL = { tool: 'none', maskModelKey: null } as const satisfies Partial<WorkspaceState>;

export const workspaceActions = (store: WorkspaceStore) => ({
  /** The crop tool and the mask editor (spec's inpaint tool) are mutually exclusive: opening one closes the other. */
  openCrop() {
    if (!store.getState().garment?.id) return;
    store.setState({ tool: 'crop', maskModelKey: null });
  },
  /** Selecting a model opens the mask editor for it (switching models starts from a clear canvas). */
  openMaskEditor(key: string) {
    const model = store.getState().models.find((m) => m.key === key);
    if (!model || model.id === null) return;
    store.setState({ tool: 'mask', maskModelKey: key });
  },
  closeTool() {
    store.setState(CLOSED_TOOL);
  },
  /** The garment was deleted from the library: the workspace has none, as after a reload that finds it gone, and a crop of it closes. */
  garmentGone() {
    store.setState((s) => ({ garment: null, ...(s.tool === 'crop' ? CLOSED_TOOL : {}) }));
  },
  updateModel(key: string, patch: Partial<WorkspaceModelPhoto>) {
    store.setState((s) => ({ models: s.models.map((m) => (m.key === key ? { ...m, ...patch } : m)) }));
  },
  setPrompt(prompt: string) {
    store.setState({ prompt });
  },
  /** Another category: each photo shows (and a try-on uses) its mask for that category, ready only with one. */
  setGarmentCategory(garmentCategory: GarmentCategory) {
    store.setState((s) => ({
      garmentCategory,
      models:
        garmentCategory === s.garmentCategory
          ? s.models
          : s.models.map((m) => {
              if (m.status === 'processing') return m;
              const mask = m.masks[garmentCategory];
              return { ...m, status: mask ? 'ready' : 'uploaded', inpaint: mask ? inpaintOf(mask) : null, maskThumbnailUrl: null };
            }),
    }));
  },
  showResult(result: SessionResult) {
    store.setState({ activeResult: result, showGeneration: true, ...CLOSED_TOOL });
  },
  /** Closing the generation view clears the active result. */
  closeGeneration() {
    store.setState({ showGeneration: false, activeResult: null });
  },
});

export const WorkspaceStoreContext = createContext<WorkspaceStore | null>(null);

export function useWorkspaceStore(): WorkspaceStore {
  const store = useContext(WorkspaceStoreContext);
  if (!store) throw new Error('useWorkspace must be used within the workspace');
  return store;
}

export function useWorkspace<S>(selector: (state: WorkspaceState) => S): S {
  return useStore(useWorkspaceStore(), selector);
}

/** `const { tool, models } = useWorkspaceFields('tool', 'models')`: several fields, one subscription. */
export function useWorkspaceFields<K extends keyof WorkspaceState>(...keys: K[]): Pick<WorkspaceState, K> {
  return useStoreFields(useWorkspaceStore(), keys);
}

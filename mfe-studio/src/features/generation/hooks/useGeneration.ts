import { createContext, useContext, useEffect, useMemo } from 'react';
import { useWorkspaceStore, type WorkspaceStore } from '../../../stores/workspaceStore';
import { createTryOnJob, retryTryOnModel, watchTryOnJob } from '../api/tryOnJobs';
import { saveGeneratedImage } from '../api/saveGeneratedImage';
import { createGenerationController, type GenerationController, type GenerationDeps } from '../utils/generationController';
import { imageUrlToPngDataUrl, placeholderImage } from '../utils/imageData';

/** The real APIs behind the generation controller. */
export const defaultGenerationDeps: GenerationDeps = {
  createJob: createTryOnJob,
  watchJob: watchTryOnJob,
  retryModel: retryTryOnModel,
  saveImage: saveGeneratedImage,
  toDataUrl: imageUrlToPngDataUrl,
  placeholder: placeholderImage,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export function createDefaultGenerationController(store: WorkspaceStore, deps: Partial<GenerationDeps> = {}): GenerationController {
  return createGenerationController(store, { ...defaultGenerationDeps, ...deps });
}

/**
 * The controller of the workspace session: it outlives the page's mount (a job keeps being
 * followed while the seller is on another page), so the provider owns it, not the component.
 */
export const GenerationControllerContext = createContext<GenerationController | null>(null);

/**
 * The workspace's generation controller. Inside a workspace session it is the session's;
 * without one (a store handed in, e.g. by tests) it lives and dies with the mount.
 */
export function useGeneration(): GenerationController {
  const shared = useContext(GenerationControllerContext);
  const store = useWorkspaceStore();
  const local = useMemo(() => (shared ? null : createDefaultGenerationController(store)), [shared, store]);
  useEffect(() => () => local?.dispose(), [local]);
  return (shared ?? local)!;
}

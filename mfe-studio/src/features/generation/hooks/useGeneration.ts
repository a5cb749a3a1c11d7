import { useEffect, useMemo } from 'react';
import { useWorkspaceStore } from '../../../stores/workspaceStore';
import { createTryOnJob, retryTryOnModel, watchTryOnJob } from '../api/tryOnJobs';
import { saveGeneratedImage } from '../api/saveGeneratedImage';
import { createGenerationController, type GenerationController } from '../utils/generationController';
import { imageUrlToPngDataUrl, placeholderImage } from '../utils/imageData';

/** The workspace's generation controller, wired to the real APIs. */
export function useGeneration(): GenerationController {
  const store = useWorkspaceStore();
  const controller = useMemo(
    () =>
      createGenerationController(store, {
        createJob: createTryOnJob,
        watchJob: watchTryOnJob,
        retryModel: retryTryOnModel,
        saveImage: saveGeneratedImage,
        toDataUrl: imageUrlToPngDataUrl,
        placeholder: placeholderImage,
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      }),
    [store],
  );
  useEffect(() => () => controller.dispose(), [controller]);
  return controller;
}

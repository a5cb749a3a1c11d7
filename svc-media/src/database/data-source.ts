import type { ServiceDatabase } from '@vton/service-kit';
import { CreateMediaSchema1767225600000 } from './migrations/1767225600000-create-media-schema.js';
import { CreateMediaTables1767312000000 } from './migrations/1767312000000-create-media-tables.js';
import { TryOnResultIdempotency1767398400000 } from './migrations/1767398400000-try-on-result-idempotency.js';
import { ResultNumbers1767484800000 } from './migrations/1767484800000-result-numbers.js';
import { Workspaces1767571200000 } from './migrations/1767571200000-workspaces.js';
import { WorkspaceGarmentCategory1767657600000 } from './migrations/1767657600000-workspace-garment-category.js';
import { SuggestedMasks1767744000000 } from './migrations/1767744000000-suggested-masks.js';
import { ResultGarmentFilenames1767830400000 } from './migrations/1767830400000-result-garment-filenames.js';
import { ProductLibraryAndCategoryMasks1767916800000 } from './migrations/1767916800000-product-library-and-category-masks.js';
import { DropMaskKeyCopies1768003200000 } from './migrations/1768003200000-drop-mask-key-copies.js';
import { ResultProductNames1768089600000 } from './migrations/1768089600000-result-product-names.js';

/** svc-media's tables (schema `media` by default): its migration classes, listed by hand (each module registers its own entities). */
export const mediaDatabase: ServiceDatabase = {
  migrations: [
    CreateMediaSchema1767225600000,
    CreateMediaTables1767312000000,
    TryOnResultIdempotency1767398400000,
    ResultNumbers1767484800000,
    Workspaces1767571200000,
    WorkspaceGarmentCategory1767657600000,
    SuggestedMasks1767744000000,
    ResultGarmentFilenames1767830400000,
    ProductLibraryAndCategoryMasks1767916800000,
    DropMaskKeyCopies1768003200000,
    ResultProductNames1768089600000,
  ],
};

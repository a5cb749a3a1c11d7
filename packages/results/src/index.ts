export { ResultsGrid, type ResultsGridProps } from './ResultsGrid.js';
export { ResultTile, TileFrame, formatResultDate, type ResultTileProps } from './ResultTile.js';
export { SkeletonTiles, type SkeletonTilesProps } from './SkeletonTiles.js';
export { ResultViewer, MOCK_RESULT_CAPTION, VIEWER_HINT, type ResultViewerProps } from './ResultViewer.js';
export { BUILT_IN_PREVIEW_LABEL, PROVIDERS_ARTICLE_PATH, isBuiltInPreview, providerCaption, resultProvider, resultProviderLabel } from './provider.js';
export { BuiltInPreviewLink } from './BuiltInPreview.js';
export { newestFirst, type NumberedResult } from './order.js';
export { columnsForWidth, COLUMN_BREAKPOINTS, DRAWER_COLUMNS, GALLERY_COLUMNS, type ColumnSpec } from './columns.js';
export { downloadImage, resultDownloadName, resultFileName, resultLabel, FULLSCREEN_DOWNLOAD_NAME } from './download.js';
export {
  INITIAL_VIEW,
  canDrag,
  clampPan,
  clampScale,
  fitSize,
  formatZoom,
  panBy,
  scaleAfterPinch,
  scaleAfterWheel,
  wheelSensitivity,
  zoomAround,
  type Point,
  type Size,
  type ViewerZoomState,
} from './viewerMath.js';

export * from './routes.js';
export * from './remotes.js';
export * from './errors.js';
export * from './constants.js';
export * from './auth.js';
export * from './media.js';
export * from './generation.js';
export * from './api-access.js';

declare const __webpack_public_path__: string | undefined;

/**
 * URL of a file from public/ (copied next to remoteEntry.js). Inside the shell the remote is
 * served under /mfe/marketing/, which webpack's runtime public path knows; tests have none.
 */
export function publicAsset(file: string): string {
  const base = typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '/';
  return `${base}${file}`;
}

import yauzl from 'yauzl';

/**
 * The entries of a ZIP file on disk, read with yauzl: each name with its bytes (the archives the
 * tests download are small).
 * @param {string} file
 * @returns {Promise<Map<string, Buffer>>}
 */
export async function readZip(file) {
  /** @type {yauzl.ZipFile} */
  const zip = await new Promise((resolve, reject) => yauzl.open(file, { lazyEntries: true }, (error, z) => (error ? reject(error) : resolve(z))));
  /** @type {Map<string, Buffer>} */
  const entries = new Map();
  await new Promise((resolve, reject) => {
    zip.on('entry', (/** @type {yauzl.Entry} */ entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        /** @type {Buffer[]} */
        const chunks = [];
        stream.on('data', (chunk) => chunks.push(chunk));
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

#!/usr/bin/env node
// Build step of every frontend: `vton-precompress dist [--skip config]` writes .br and .gz
// copies of its text files, which the static server sends instead of compressing per request.
import { parseArgs } from 'node:util';
import { precompress } from '../src/precompress.mjs';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { skip: { type: 'string', multiple: true } } });
const root = positionals[0] ?? 'dist';
const totals = await precompress(root, { skip: values.skip ?? [] });
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
console.log(`precompressed ${totals.files} files in ${root}: ${kib(totals.bytes)} → brotli ${kib(totals.brotliBytes)}, gzip ${kib(totals.gzipBytes)}`);

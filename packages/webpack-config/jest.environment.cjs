// jsdom without the web platform pieces Node already has (fetch's Response, TextEncoder
// used by react-router): hand the test window Node's own implementations.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'Blob', 'TextEncoder', 'TextDecoder', 'ReadableStream', 'structuredClone', 'AbortController', 'AbortSignal'];

class WebJsdomEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    for (const name of FROM_NODE) {
      if (typeof this.global[name] === 'undefined' && typeof globalThis[name] !== 'undefined') this.global[name] = globalThis[name];
    }
  }
}

module.exports = WebJsdomEnvironment;

/**
 * Loads engine.wasm: with fetch in the browser (Vite serves it as an asset),
 * from the file system in Node (server, tests, scripts). Same module, same API.
 */
import { engineImports } from './exports';
import { createEngine, type Engine } from './index';

const wasmUrl = new URL('./generated/engine.wasm', import.meta.url);

let loading: Promise<Engine> | undefined;

async function instantiate(): Promise<WebAssembly.Instance> {
  if (wasmUrl.protocol === 'file:') {
    // Node: a variable module name keeps browser bundlers from following it.
    const fsModule = 'node:fs/promises';
    const { readFile } = (await import(/* @vite-ignore */ fsModule)) as typeof import('node:fs/promises');
    const bytes = await readFile(wasmUrl).catch((error: unknown) => {
      throw new Error(`cannot read ${wasmUrl.pathname}: run npm run build:wasm (${String(error)})`);
    });
    return (await WebAssembly.instantiate(bytes, engineImports)).instance;
  }
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`cannot fetch engine.wasm: HTTP ${response.status}`);
  return (await WebAssembly.instantiate(await response.arrayBuffer(), engineImports)).instance;
}

/** The engine, loaded once per page or process. */
export function loadEngine(): Promise<Engine> {
  loading ??= instantiate().then(createEngine);
  return loading;
}

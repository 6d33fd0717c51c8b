/** engine.wasm imported as a module (vite-plugin-wasm): its exports by name, checked by engineExports. */
declare module '*/engine.wasm' {
  const exports: Record<string, unknown>;
  export = exports;
}

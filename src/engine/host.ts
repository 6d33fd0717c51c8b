/**
 * What engine.wasm imports from its host, under the import module name "env": the clock its
 * searches read for their time budgets. Node hands it to WebAssembly.instantiate (exports.ts);
 * in the browser vite-plugin-wasm imports engine.wasm as a module, and the build resolves the
 * wasm's "env" to this file (vite.config.ts).
 */
export const cc_now = (): number => performance.now();

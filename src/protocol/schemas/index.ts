/**
 * The socket protocol as schemas (valibot), one per payload: messages.ts derives every payload
 * type from them, parse.ts and server-events.ts run them at the edge (ARCHITECTURE.md rule 4).
 *
 * Why valibot: what this schema set with its parse helpers adds to the client bundle
 * (esbuild 0.28 --bundle --minify, gzip -9, less the 2.8 kB / 1.5 kB gz both share: the
 * protocol's constants and the engine's board parser), the same schemas in each library:
 *   valibot 1.5.0        +15.6 kB minified,  +4.7 kB gzip
 *   zod 4.6.7 mini       +44.3 kB minified, +13.6 kB gzip
 *   zod 4.6.7 (classic)  +101.8 kB minified, +29.3 kB gzip  (`import { z }` rather than
 *                        `import * as z` keeps every locale: +459 kB, +94 kB gzip)
 */
export * from './common';
export * from './views';
export * from './client';
export * from './server';

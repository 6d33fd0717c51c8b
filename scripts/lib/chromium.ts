/**
 * Debian's Chromium as the e2e journeys and bench:web launch it: Playwright's own browsers
 * cannot be downloaded here. SwiftShader gives WebGL without a GPU; the rest keeps Chromium
 * off the network.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

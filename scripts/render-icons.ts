/**
 * Renders public/logo.svg into the PNG icons the web app manifest lists (public/icons/), with the
 * same Chromium the e2e tests use. Run again after changing the logo: `npx tsx scripts/render-icons.ts`.
 * The PNGs are committed; the build does not run this.
 */
import { readFile, mkdir } from 'node:fs/promises';
import { chromium } from '@playwright/test';

/** The sizes install prompts and home screens ask for. */
const SIZES = [192, 512];

const root = new URL('../public/', import.meta.url);
const svg = await readFile(new URL('logo.svg', root), 'utf8');
await mkdir(new URL('icons/', root), { recursive: true });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    // Transparent outside the logo's rounded tile, as the SVG is.
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style><img src="${dataUrl}" width="${size}" height="${size}">`);
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const path = new URL(`icons/icon-${size}.png`, root).pathname;
    await page.screenshot({ path, omitBackground: true });
    await page.close();
    console.log(`wrote public/icons/icon-${size}.png`);
  }
} finally {
  await browser.close();
}

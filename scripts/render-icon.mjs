// Renders public/icon.svg to public/icon.png (1024×1024, transparent), the one image electron-builder turns into
// each platform's icon set (Linux PNGs, macOS .icns, Windows .ico). Run after changing the SVG; uses Debian's Chromium.
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const size = 1024;
const svg = await readFile('public/icon.svg', 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.PROTODESK_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
  );
  await page.locator('svg').screenshot({ path: 'public/icon.png', omitBackground: true });
} finally {
  await browser.close();
}

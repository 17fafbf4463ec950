#!/usr/bin/env node
/**
 * Draws the installable app's icons from the brand mark (public/logo.svg) with sharp (a server
 * dependency) into public/: icon-192.png, icon-512.png, icon-maskable-512.png (the mark inside
 * the central 80 % "safe zone" on a full-bleed brand background, for launchers that crop to a
 * circle or squircle), apple-touch-icon.png (180) and favicon.ico (a 32 px PNG in an ICO
 * container). The PNGs are committed; run this again after changing the logo:
 *
 *   node apps/web/scripts/icons.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const publicDir = path.join(here, '..', 'public');
const sharp = createRequire(path.join(here, '..', '..', 'server', 'package.json'))('sharp');
const logo = readFileSync(path.join(publicDir, 'logo.svg'));

const png = (size) =>
  sharp(logo, { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

async function maskable(size) {
  const inner = Math.round(size * 0.8);
  const mark = await sharp(logo, { density: Math.ceil((72 * inner) / 64) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  const offset = Math.round((size - inner) / 2);
  return sharp({ create: { width: size, height: size, channels: 4, background: '#12296a' } })
    .composite([{ input: mark, left: offset, top: offset }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An ICO file holding one PNG image (allowed since Windows Vista; every browser reads it). */
function ico(image, size) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size % 256, 0);
  entry.writeUInt8(size % 256, 1);
  entry.writeUInt8(0, 2); // no palette
  entry.writeUInt8(0, 3);
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(image.length, 8);
  entry.writeUInt32LE(header.length + entry.length, 12);
  return Buffer.concat([header, entry, image]);
}

const out = (name, body) => {
  writeFileSync(path.join(publicDir, name), body);
  console.log(`${name}: ${body.length} bytes`);
};
out('icon-192.png', await png(192));
out('icon-512.png', await png(512));
out('icon-maskable-512.png', await maskable(512));
out('apple-touch-icon.png', await maskable(180));
out('favicon.ico', ico(await png(32), 32));

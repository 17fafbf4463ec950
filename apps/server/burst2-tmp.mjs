import { readFileSync } from 'node:fs';
import sharp from 'sharp';
const mode = process.argv[2];
if (process.argv[3] === 'nocache') sharp.cache(false);
const big = readFileSync('/tmp/img/big.jpg');
const mb = () => Math.round(process.memoryUsage().rss / 2 ** 20);
const base = mb();
let peak = base;
const t = setInterval(() => { peak = Math.max(peak, mb()); }, 20);
const one = async () => {
  let img = sharp(big, { limitInputPixels: 40e6, failOn: 'warning', pages: 1 }).autoOrient();
  if (mode === 'resize') img = img.resize({ width: 4096, height: 4096, fit: 'inside', withoutEnlargement: true });
  return img.jpeg({ quality: 90 }).toBuffer();
};
const t0 = Date.now();
for (let round = 0; round < 2; round++) {
  for (let i = 0; i < 8; i++) await Promise.all([one(), one()]);
  console.log('round', round, 'peak', peak, 'now', mb(), 'ms', Date.now() - t0);
}
await new Promise((r) => setTimeout(r, 2000));
console.log(mode, 'base', base, 'peak', peak, 'after', mb());
clearInterval(t);

#!/usr/bin/env node
// Draws media/icon.png (128×128 RGBA): a rounded indigo square with a
// document outline, three plan lines and a check mark. Pure Node (zlib), so
// the icon is reproducible without image tools: `node scripts/make-icon.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const SIZE = 128;
const SS = 4; // supersampling per axis, for smooth edges
const px = new Float64Array(SIZE * SIZE * 4);

const bg = [63, 81, 181];
const paper = [250, 250, 252];
const ink = [120, 130, 160];
const check = [46, 160, 67];

const inRoundRect = (x, y, x0, y0, x1, y1, r) => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const distToSegment = (x, y, ax, ay, bx, by) => {
  const dx = bx - ax,
    dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
};

function colourAt(x, y) {
  if (!inRoundRect(x, y, 4, 4, 124, 124, 22)) return null;
  let c = bg;
  if (inRoundRect(x, y, 30, 20, 90, 108, 6)) {
    c = paper;
    for (const ly of [40, 56, 72]) if (inRoundRect(x, y, 40, ly - 3, 80, ly + 3, 3)) c = ink;
  }
  const d = Math.min(distToSegment(x, y, 62, 86, 76, 100), distToSegment(x, y, 76, 100, 104, 66));
  if (d <= 10) c = [255, 255, 255];
  if (d <= 6.5) c = check;
  return c;
}

for (let y = 0; y < SIZE; y++) {
  for (let x = 0; x < SIZE; x++) {
    const acc = [0, 0, 0, 0];
    for (let sy = 0; sy < SS; sy++) {
      for (let sx = 0; sx < SS; sx++) {
        const c = colourAt(x + (sx + 0.5) / SS, y + (sy + 0.5) / SS);
        if (!c) continue;
        acc[0] += c[0];
        acc[1] += c[1];
        acc[2] += c[2];
        acc[3] += 1;
      }
    }
    const i = (y * SIZE + x) * 4;
    const n = acc[3];
    px[i] = n ? acc[0] / n : 0;
    px[i + 1] = n ? acc[1] / n : 0;
    px[i + 2] = n ? acc[2] / n : 0;
    px[i + 3] = (255 * n) / (SS * SS);
  }
}

const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) {
  raw[y * (SIZE * 4 + 1)] = 0; // filter: none
  for (let x = 0; x < SIZE * 4; x++) raw[y * (SIZE * 4 + 1) + 1 + x] = Math.round(px[y * SIZE * 4 + x]);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(SIZE, 0);
ihdr.writeUInt32BE(SIZE, 4);
ihdr[8] = 8; // bit depth
ihdr[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'media', 'icon.png');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, png);
console.log(`wrote ${out} (${png.length} bytes)`);

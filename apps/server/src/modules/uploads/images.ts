/**
 * What an upload really is, and the re-encoding that makes it safe to serve (docs/api.md §17).
 *
 * The type comes from the first bytes only; the client's declared content type and file name are
 * never read. Every accepted image is decoded and encoded again in the same format: that drops
 * anything hidden after or inside the image data, applies the EXIF orientation to the pixels and
 * then writes no metadata at all (EXIF with GPS position, XMP, ICC, comments).
 */
import sharp from 'sharp';

export type ImageFormat = 'jpeg' | 'png' | 'webp';
export type ImageContentType = 'image/jpeg' | 'image/png' | 'image/webp';

export const contentTypeOf: Readonly<Record<ImageFormat, ImageContentType>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * Decompression bombs: a 5 MiB file can declare a huge canvas. 40 megapixels is more than any
 * phone camera or ID scan needs and bounds the decoded size (about 160 MB of RGBA).
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * libvips' operation cache keeps recent operations and the decoded images they reference: with
 * it, a burst of sixteen 40-megapixel JPEGs held 2.7 GB after the last answer; without it
 * 0.8 GB, and 0.1 GB once glibc hands big blocks back to the system (`MALLOC_MMAP_THRESHOLD_`,
 * set by scripts/server-env.mjs). We never run the same operation twice, so the cache buys nothing.
 */
sharp.cache(false);

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, magic: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + magic.length) return false;
  return magic.every((value, i) => bytes[offset + i] === value);
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`, WebP `RIFF....WEBP`; anything else is null. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, PNG_MAGIC)) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** The bytes were an image by their signature but could not be decoded (`result.upload.failed`). */
export class UndecodableImage extends Error {
  constructor(cause: unknown) {
    super('image cannot be decoded', { cause });
    this.name = 'UndecodableImage';
  }
}

/**
 * Decodes and re-encodes in the same format: orientation applied, all metadata dropped (sharp
 * writes none unless asked to keep it). `failOn: 'warning'` refuses truncated or corrupt data
 * instead of storing half an image. Animated WebP keeps its first frame only.
 */
export async function reencodeImage(bytes: Buffer, format: ImageFormat): Promise<Buffer> {
  await decodeSlot();
  try {
    return await reencodeNow(bytes, format);
  } finally {
    releaseDecodeSlot();
  }
}

/**
 * Decoding is bound by memory, not CPU: a progressive JPEG at the pixel limit takes over 2 GB
 * while it is re-encoded. At most `MAX_CONCURRENT_DECODES` run at once; the rest wait their
 * turn in order (issue 18).
 */
export const MAX_CONCURRENT_DECODES = 2;
let decoding = 0;
const waiting: (() => void)[] = [];

function decodeSlot(): Promise<void> {
  if (decoding < MAX_CONCURRENT_DECODES) {
    decoding += 1;
    return Promise.resolve();
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function releaseDecodeSlot(): void {
  const next = waiting.shift();
  if (next)
    next(); // the slot passes on
  else decoding -= 1;
}

async function reencodeNow(bytes: Buffer, format: ImageFormat): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', pages: 1 }).autoOrient();
    switch (format) {
      case 'jpeg':
        return await image.jpeg({ quality: 90 }).toBuffer();
      case 'png':
        return await image.png().toBuffer();
      case 'webp':
        return await image.webp({ quality: 90 }).toBuffer();
    }
  } catch (error) {
    throw new UndecodableImage(error);
  }
}

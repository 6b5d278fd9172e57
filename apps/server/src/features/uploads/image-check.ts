import { crc32 } from 'node:zlib';
import { type IMAGE_TYPES, MAX_IMAGE_BYTES } from '@cwh/contract';
import { DomainError } from '../../errors/domain-error.js';

export type ImageType = (typeof IMAGE_TYPES)[number];

export interface CheckedImage {
  contentType: ImageType;
  width: number;
  height: number;
  /** The image with every metadata chunk or segment removed (EXIF, XMP, IPTC, ICC, text, comments). */
  bytes: Buffer;
}

/** Larger images are refused: a browser decoding a 30000 × 30000 avatar is a denial of service. */
export const MAX_IMAGE_SIDE = 4096;

/**
 * Why the container is parsed rather than the image re-encoded: a decoder plus an encoder per
 * format (pngjs, jpeg-js, a WebP WASM build) costs seconds of CPU per upload on a 2-core machine and
 * loses JPEG quality, while the only things an avatar must lose are its metadata and any bytes
 * smuggled around the picture. Walking the chunks keeps only an allow-list of the ones that draw
 * the picture, drops everything after the end marker, and checks every length on the way; a file
 * that does not parse is refused.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 8 && Buffer.from(bytes.subarray(0, 8)).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    Buffer.from(bytes.subarray(0, 4)).toString('latin1') === 'RIFF' &&
    Buffer.from(bytes.subarray(8, 12)).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

/**
 * Sniffs, size-checks and strips an upload; the declared content type is never trusted. `maxBytes`:
 * avatars keep MAX_IMAGE_BYTES, match screenshots (features/disputes) allow more.
 */
export function checkImage(input: Uint8Array, maxBytes: number = MAX_IMAGE_BYTES): CheckedImage {
  if (input.length > maxBytes)
    throw new DomainError('PAYLOAD_TOO_LARGE', `An image may have at most ${maxBytes} bytes`);
  const bytes = Buffer.from(input);
  const type = sniffImageType(bytes);
  if (!type) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Only PNG, JPEG and WebP images are accepted');
  const image =
    type === 'image/png' ? stripPng(bytes) : type === 'image/jpeg' ? stripJpeg(bytes) : stripWebp(bytes);
  if (image.width < 1 || image.height < 1 || image.width > MAX_IMAGE_SIDE || image.height > MAX_IMAGE_SIDE)
    throw invalid(`An image must be between 1 and ${MAX_IMAGE_SIDE} pixels wide and high`);
  return { contentType: type, ...image };
}

const invalid = (detail: string) => new DomainError('VALIDATION_FAILED', detail);
const corrupt = (format: string) => invalid(`The ${format} file is damaged or truncated`);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Chunks that draw the picture; text, EXIF, time, ICC profiles and private chunks are dropped. */
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'sBIT',
  'bKGD',
  'pHYs',
  'IDAT',
  'IEND',
]);

function stripPng(bytes: Buffer) {
  const kept: Buffer[] = [PNG_SIGNATURE];
  let offset = 8;
  let width = 0;
  let height = 0;
  let sawData = false;
  for (;;) {
    if (offset + 12 > bytes.length) throw corrupt('PNG');
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > bytes.length) throw corrupt('PNG');
    const crc = bytes.readUInt32BE(offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== crc) throw corrupt('PNG');
    if (offset === 8) {
      if (type !== 'IHDR' || length !== 13) throw corrupt('PNG');
      width = bytes.readUInt32BE(offset + 8);
      height = bytes.readUInt32BE(offset + 12);
    }
    if (type === 'IDAT') sawData = true;
    if (PNG_KEPT.has(type)) kept.push(bytes.subarray(offset, end));
    offset = end;
    // Whatever follows IEND (a zip, a script) is not part of the picture.
    if (type === 'IEND') break;
  }
  if (!sawData) throw corrupt('PNG');
  return { width, height, bytes: Buffer.concat(kept) };
}

/** Start-of-frame markers (baseline, progressive, lossless...) carry the size. */
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** Keeps JFIF (APP0), Adobe (APP14, it tells the colour transform) and the coding segments. */
function keepJpegSegment(marker: number): boolean {
  if (marker === 0xe0 || marker === 0xee) return true;
  if (marker >= 0xe1 && marker <= 0xef) return false; // EXIF, XMP, ICC, IPTC, vendor data
  return marker !== 0xfe; // COM: comments
}

function stripJpeg(bytes: Buffer) {
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let offset = 2;
  let width = 0;
  let height = 0;
  for (;;) {
    // Fill bytes (0xFF repeated) may precede a marker.
    while (offset < bytes.length && bytes[offset] === 0xff && bytes[offset + 1] === 0xff) offset += 1;
    if (offset + 2 > bytes.length || bytes[offset] !== 0xff) throw corrupt('JPEG');
    const marker = bytes[offset + 1]!;
    if (marker === 0xd9) {
      kept.push(bytes.subarray(offset, offset + 2));
      break;
    }
    if (offset + 4 > bytes.length) throw corrupt('JPEG');
    const length = bytes.readUInt16BE(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) throw corrupt('JPEG');
    if (JPEG_SOF.has(marker)) {
      if (length < 7) throw corrupt('JPEG');
      height = bytes.readUInt16BE(offset + 5);
      width = bytes.readUInt16BE(offset + 7);
    }
    if (keepJpegSegment(marker)) kept.push(bytes.subarray(offset, end));
    offset = end;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
      let scan = offset;
      while (scan + 1 < bytes.length) {
        if (bytes[scan] === 0xff) {
          const next = bytes[scan + 1]!;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        scan += 1;
      }
      if (scan + 1 >= bytes.length) throw corrupt('JPEG');
      kept.push(bytes.subarray(offset, scan));
      offset = scan;
    }
  }
  if (width === 0) throw corrupt('JPEG');
  return { width, height, bytes: Buffer.concat(kept) };
}

/** Chunks that draw a WebP; EXIF, XMP and ICCP are dropped and VP8X's flags cleared to match. */
const WEBP_KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF']);
const VP8X_ICC = 0x20;
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function stripWebp(bytes: Buffer) {
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd > bytes.length || riffEnd < 12) throw corrupt('WebP');
  const kept: Buffer[] = [];
  let offset = 12;
  let width = 0;
  let height = 0;
  while (offset + 8 <= riffEnd) {
    const type = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const end = offset + 8 + size + (size % 2);
    if (offset + 8 + size > riffEnd) throw corrupt('WebP');
    const data = bytes.subarray(offset + 8, offset + 8 + size);
    if (type === 'VP8X') {
      if (size < 10) throw corrupt('WebP');
      width = data.readUIntLE(4, 3) + 1;
      height = data.readUIntLE(7, 3) + 1;
      const chunk = Buffer.from(bytes.subarray(offset, Math.min(end, riffEnd)));
      chunk[8] = chunk[8]! & ~(VP8X_ICC | VP8X_EXIF | VP8X_XMP);
      kept.push(chunk);
    } else {
      if (type === 'VP8L' && width === 0) {
        if (size < 5 || data[0] !== 0x2f) throw corrupt('WebP');
        const bits = data.readUInt32LE(1);
        width = (bits & 0x3fff) + 1;
        height = ((bits >> 14) & 0x3fff) + 1;
      }
      if (type === 'VP8 ' && width === 0) {
        if (size < 10 || data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) throw corrupt('WebP');
        width = data.readUInt16LE(6) & 0x3fff;
        height = data.readUInt16LE(8) & 0x3fff;
      }
      if (WEBP_KEPT.has(type)) kept.push(bytes.subarray(offset, Math.min(end, riffEnd)));
    }
    offset = end;
  }
  if (width === 0) throw corrupt('WebP');
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + body.length, 4);
  header.write('WEBP', 8, 'latin1');
  return { width, height, bytes: Buffer.concat([header, body]) };
}

import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors/domain-error.js';
import { checkImage, sniffImageType } from './image-check.js';

function chunk(type: string, data: Buffer, crc?: number) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc ?? crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, sum]);
}
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ihdr = (w: number, h: number) => {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(w, 0);
  data.writeUInt32BE(h, 4);
  data.set([8, 0, 0, 0, 0], 8);
  return chunk('IHDR', data);
};
const idat = chunk('IDAT', deflateSync(Buffer.from([0, 1, 2])));
const iend = chunk('IEND', Buffer.alloc(0));

const codeOf = (bytes: Buffer) => {
  try {
    checkImage(bytes);
    return 'ok';
  } catch (error) {
    return (error as DomainError).code;
  }
};

describe('image check', () => {
  it('sniffs PNG, JPEG and WebP from their first bytes only', () => {
    expect(sniffImageType(SIGNATURE)).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('GIF89a', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it('keeps the drawing chunks of a PNG in order and drops text, time and private chunks', () => {
    const png = Buffer.concat([
      SIGNATURE,
      ihdr(2, 3),
      chunk('tIME', Buffer.alloc(7)),
      chunk('iTXt', Buffer.from('XML:com.adobe.xmp\0\0\0\0\0<x/>', 'latin1')),
      chunk('prVt', Buffer.from('private')),
      idat,
      iend,
    ]);
    const checked = checkImage(png);
    expect(checked).toMatchObject({ contentType: 'image/png', width: 2, height: 3 });
    expect(checked.bytes.equals(Buffer.concat([SIGNATURE, ihdr(2, 3), idat, iend]))).toBe(true);
  });

  it('refuses a PNG with a bad checksum, without image data, or not starting with IHDR', () => {
    const badCrc = Buffer.concat([SIGNATURE, ihdr(2, 2), chunk('IDAT', Buffer.from([1]), 1234), iend]);
    expect(codeOf(badCrc)).toBe('VALIDATION_FAILED');
    expect(codeOf(Buffer.concat([SIGNATURE, ihdr(2, 2), iend]))).toBe('VALIDATION_FAILED');
    expect(codeOf(Buffer.concat([SIGNATURE, idat, ihdr(2, 2), iend]))).toBe('VALIDATION_FAILED');
    expect(codeOf(Buffer.concat([SIGNATURE, ihdr(0, 2), idat, iend]))).toBe('VALIDATION_FAILED');
  });

  it('refuses a JPEG without a frame header or cut in its scan', () => {
    const soi = Buffer.from([0xff, 0xd8]);
    const eoi = Buffer.from([0xff, 0xd9]);
    expect(codeOf(Buffer.concat([soi, eoi]))).toBe('VALIDATION_FAILED');
    const sof = Buffer.from([0xff, 0xc0, 0, 11, 8, 0, 16, 0, 16, 1, 1, 0x11, 0]);
    const sos = Buffer.from([0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0]);
    expect(codeOf(Buffer.concat([soi, sof, sos, Buffer.from([1, 2, 3])]))).toBe('VALIDATION_FAILED');
    const whole = Buffer.concat([soi, sof, sos, Buffer.from([1, 0xff, 0x00, 2, 0xff, 0xd0, 3]), eoi]);
    expect(checkImage(whole)).toMatchObject({ contentType: 'image/jpeg', width: 16, height: 16 });
  });

  it('refuses a WebP whose declared size runs past the file, and an empty one', () => {
    const header = (size: number) => {
      const b = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
      b.writeUInt32LE(size, 4);
      return b;
    };
    expect(codeOf(header(4000))).toBe('VALIDATION_FAILED');
    expect(codeOf(header(4))).toBe('VALIDATION_FAILED');
  });

  it('answers PAYLOAD_TOO_LARGE past 1 MiB and UNSUPPORTED_MEDIA_TYPE for other files', () => {
    expect(codeOf(Buffer.concat([SIGNATURE, Buffer.alloc(1024 * 1024)]))).toBe('PAYLOAD_TOO_LARGE');
    expect(codeOf(Buffer.from('%PDF-1.7'))).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(new DomainError('UNSUPPORTED_MEDIA_TYPE').status).toBe(415);
  });
});

import { AppError } from '../../lib/app-error';

export const AVATAR_MAX_BYTES = 512 * 1024;

// What each accepted type starts with, so a picture is what its Content-Type says it is.
const signatures: Record<string, (bytes: Uint8Array) => boolean> = {
  'image/png': (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) =>
    String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' &&
    String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
};

/** Refuses anything but a PNG, JPEG or WebP picture up to 512 KB, naming the field. */
export function checkAvatar(bytes: Uint8Array, mediaType: string): void {
  const matches = signatures[mediaType];
  if (!matches) throw AppError.validation('avatar', 'Choose a PNG, JPEG or WebP picture');
  if (bytes.length === 0 || !matches(bytes)) {
    throw AppError.validation(
      'avatar',
      `This file is not a ${mediaType.slice(6).toUpperCase()} picture`,
    );
  }
  if (bytes.length > AVATAR_MAX_BYTES) {
    throw AppError.validation('avatar', 'The picture must be at most 512 KB');
  }
}

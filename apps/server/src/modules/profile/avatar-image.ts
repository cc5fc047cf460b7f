import sharp from 'sharp';
import { AVATAR, MESSAGES } from '@storelift/shared';
import { ValidationError } from '../../lib/errors.js';

// Each upload is decoded once: libvips' operation cache would only hold memory, and one thread per image
// leaves the other core to the API on a small machine.
sharp.cache(false);
sharp.concurrency(1);

/** The leading bytes of the formats an avatar may be: the name and type a browser sends prove nothing. */
const SIGNATURES: { format: string; test: (bytes: Buffer) => boolean }[] = [
  { format: 'jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { format: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) },
  { format: 'gif', test: (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')) },
  {
    format: 'webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

const invalid = () => ValidationError.field('image', MESSAGES.imageInvalid);
const tooLarge = () => ValidationError.field('image', MESSAGES.imageTooLarge);

/**
 * Turns an uploaded file into the stored avatar: a JPEG, PNG, GIF or WebP only (SVG, HTML or anything else
 * is refused before a decoder sees it), at most AVATAR.maxPixels, re-encoded as a square WebP without its
 * metadata (camera and location data go), turned upright by its EXIF orientation.
 */
export async function toAvatar(upload: Buffer): Promise<Buffer> {
  const signature = SIGNATURES.find((candidate) => candidate.test(upload));
  if (!signature) throw invalid();
  try {
    const image = sharp(upload, { limitInputPixels: AVATAR.maxPixels, failOn: 'error', animated: false });
    const { format } = await image.metadata();
    // A file whose header says one format and whose body another is not an image we take.
    if (format !== signature.format) throw invalid();
    return await image
      .rotate()
      .resize(AVATAR.size, AVATAR.size, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooLarge();
    throw invalid();
  }
}

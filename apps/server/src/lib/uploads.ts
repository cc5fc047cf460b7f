import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@storelift/shared';
import { ValidationError } from './errors.js';

/** How a route takes its file: the raw body's type, the form's file field and text fields, the limit. */
export interface UploadRules {
  /** The content type of a raw upload (the file itself is the body). */
  contentType: string;
  maxBytes: number;
  /** The field of a form that holds the file. */
  formFile: string;
  /** The text fields a form may carry beside the file (others are refused). */
  formFields: readonly string[];
  /** The 422 texts on `file`: no file, and a file over `maxBytes`. */
  missing: string;
  tooLarge: string;
}

/**
 * Lets the routes of `scope` (a plugin of their own, so no other route reads forms) take a file both ways:
 * the file itself as the body (`rules.contentType`; a larger body is a 413 before it is read) or a browser
 * form (`multipart/form-data`), read as it streams and never past `maxBytes`.
 */
export async function acceptUploads(scope: FastifyInstance, rules: UploadRules) {
  scope.addContentTypeParser(
    rules.contentType,
    { parseAs: 'buffer', bodyLimit: rules.maxBytes },
    (_req, body, done) => done(null, body),
  );
  await scope.register(multipart, {
    limits: {
      fileSize: rules.maxBytes,
      files: 1,
      fields: rules.formFields.length,
      fieldSize: 1024,
      parts: 1 + rules.formFields.length,
    },
    throwFileSizeLimit: true,
  });
}

/**
 * The uploaded file, a form's text fields and the file's name in the form. A form without the file in its field, with another file or
 * field, with a file over the limit or not well-formed is a 422 (on `file`, or on the unknown field).
 */
export async function readUpload(
  req: FastifyRequest,
  rules: UploadRules,
): Promise<{ file: Buffer; fields: Record<string, string>; fileName: string | null }> {
  if (!req.isMultipart()) {
    if (!Buffer.isBuffer(req.body)) throw ValidationError.field('file', rules.missing);
    return { file: req.body, fields: {}, fileName: null };
  }
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  let fileName: string | null = null;
  try {
    for await (const part of req.parts()) {
      const known =
        part.type === 'file' ? part.fieldname === rules.formFile : rules.formFields.includes(part.fieldname);
      if (!known) throw ValidationError.field(part.fieldname, MESSAGES.dataNotValid);
      if (part.type === 'file') {
        file = await part.toBuffer();
        fileName = part.filename || null;
      } else fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw ValidationError.field('file', rules.tooLarge);
    // Limits of parts, a second file, or a body that is not well-formed multipart: the client's, never a 500.
    throw ValidationError.field('file', MESSAGES.dataNotValid);
  }
  if (!file) throw ValidationError.field('file', rules.missing);
  return { file, fields, fileName };
}

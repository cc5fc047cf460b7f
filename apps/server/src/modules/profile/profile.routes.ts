import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AVATAR,
  MESSAGES,
  ROLE_ALL,
  avatarResponseSchema,
  changePasswordBodySchema,
  resellerTemplateBodySchema,
  resellerTemplateKindsResponseSchema,
  resellerTemplateResponseSchema,
  resellerTemplatesResponseSchema,
  messageResponseSchema,
  profileResponseSchema,
  profileUpdateBodySchema,
  profileUpdateResponseSchema,
  twoFactorDisableBodySchema,
  twoFactorEnableBodySchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
} from '@storelift/shared';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf, refuseImpersonated } from '../sessions/auth.plugin.js';
import { AVATAR_FILE, AVATAR_PATH, avatarImage, deleteAvatar, saveAvatar } from './avatars.service.js';
import { saveTemplate, templateKinds, templatesOf } from './reseller-templates.service.js';
import { changePassword, profileOf, updateProfile } from './profile.service.js';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor, twoFactorStatus } from './two-factor.service.js';

const tags = ['profile'];

/**
 * My profile of customer-area §7 (under /api/private/v1): the profile, the password, two-factor sign-in, the
 * avatar, a reseller's e-mail templates.
 */
export async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const onRequest = app.allow([ROLE_ALL]);
  // Credentials stay the owner's: staff signed in as the user cannot change them.
  const ownerOnly = [onRequest, refuseImpersonated];
  const rateLimited = { rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' } };

  r.get(
    '/users/profile',
    { schema: { tags, response: { 200: profileResponseSchema, ...errorResponses } }, onRequest },
    (req) => profileOf(deps, authOf(req).user),
  );
  r.post(
    '/users/profile',
    {
      schema: {
        tags,
        body: profileUpdateBodySchema,
        response: { 200: profileUpdateResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => updateProfile(deps, authOf(req), req.body),
  );
  r.post(
    '/users/profile/password',
    {
      schema: {
        tags,
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
      onRequest: ownerOnly,
      config: rateLimited,
    },
    (req) => changePassword(deps, authOf(req), req.body),
  );
  r.get(
    '/users/profile/two-factor',
    { schema: { tags, response: { 200: twoFactorStatusSchema, ...errorResponses } }, onRequest },
    (req) => twoFactorStatus(deps.db, authOf(req).user.id),
  );
  r.post(
    '/users/profile/two-factor/setup',
    {
      schema: { tags, response: { 200: twoFactorSetupResponseSchema, ...errorResponses } },
      onRequest: ownerOnly,
    },
    (req) => setUpTwoFactor(deps.db, authOf(req).user),
  );
  r.post(
    '/users/profile/two-factor/enable',
    {
      schema: {
        tags,
        body: twoFactorEnableBodySchema,
        response: { 200: twoFactorEnableResponseSchema, ...errorResponses },
      },
      onRequest: ownerOnly,
      config: rateLimited,
    },
    (req) => enableTwoFactor(deps.db, authOf(req).user.id, req.body.code),
  );
  r.post(
    '/users/profile/two-factor/disable',
    {
      schema: {
        tags,
        body: twoFactorDisableBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
      onRequest: ownerOnly,
      config: rateLimited,
    },
    (req) => disableTwoFactor(deps.db, authOf(req).user, req.body.password),
  );
  r.get(
    '/users/profile/email-templates/list',
    {
      schema: { tags, response: { 200: resellerTemplateKindsResponseSchema, ...errorResponses } },
      onRequest,
    },
    () => templateKinds(),
  );
  r.get(
    '/users/profile/email-templates',
    { schema: { tags, response: { 200: resellerTemplatesResponseSchema, ...errorResponses } }, onRequest },
    (req) => templatesOf(deps.db, authOf(req).user.id),
  );
  r.put(
    '/users/profile/email-templates',
    {
      schema: {
        tags,
        body: resellerTemplateBodySchema,
        response: { 200: resellerTemplateResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => saveTemplate(deps.db, authOf(req).user.id, req.body),
  );
  r.post(
    '/users/profile/image/delete',
    { schema: { tags, response: { 200: avatarResponseSchema, ...errorResponses } }, onRequest },
    (req) => deleteAvatar(deps.db, authOf(req)),
  );
  await app.register(async (upload) => {
    // Multipart bodies are read by this route only, and never past the avatar's size limit.
    await upload.register(multipart, {
      limits: { fileSize: AVATAR.maxBytes, files: 1, fields: 0, parts: 1 },
      throwFileSizeLimit: true,
    });
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/users/profile/image',
      {
        schema: {
          tags,
          description: `A multipart form with the image in the field \`image\` (JPEG, PNG, WebP or GIF, at most ${AVATAR.maxBytes / 1024 / 1024} MiB).`,
          consumes: ['multipart/form-data'],
          response: { 200: avatarResponseSchema, ...errorResponses },
        },
        onRequest,
        config: rateLimited,
      },
      async (req) => saveAvatar(deps.db, authOf(req), await uploadedImage(req)),
    );
  });
}

/** The one file of an avatar upload; a missing, oversized or malformed upload is a 422 on `image`. */
async function uploadedImage(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw ValidationError.field('image', MESSAGES.imageRequired);
  try {
    const file = await req.file();
    if (!file) throw ValidationError.field('image', MESSAGES.imageRequired);
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    // Over a limit (the file's size, or more parts than the one file): 413 from the multipart plugin.
    if ((error as { statusCode?: number }).statusCode === 413) {
      throw ValidationError.field('image', MESSAGES.imageTooLarge);
    }
    // A body that is not well-formed multipart is the client's, never a 500.
    throw ValidationError.field('image', MESSAGES.imageInvalid);
  }
}

/**
 * `GET /avatars/{key}.webp`: serves avatars and nothing else, by a random key no user id leads to. Public,
 * because an <img> sends no bearer token; the key is the secret, and it changes with each upload.
 */
export async function avatarFilesRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${AVATAR_PATH}/:file`,
      { schema: { tags, params: z.object({ file: z.string().max(64) }), hide: true } },
      async (req, reply) => {
        const key = AVATAR_FILE.exec(req.params.file)?.[1];
        const image = key && (await avatarImage(app.deps.db, key));
        if (!image) throw new NotFoundError();
        return reply
          .type('image/webp')
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('content-security-policy', "default-src 'none'")
          .send(image);
      },
    );
}

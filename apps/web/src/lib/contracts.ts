// Schemas the app shell needs only now and then (an error body, the version file). They are loaded on
// demand so zod is not part of the first download of the sign-in page.
export { errorResponseSchema, versionResponseSchema } from '@storelift/shared';

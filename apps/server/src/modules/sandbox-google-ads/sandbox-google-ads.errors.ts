import { randomBytes } from 'node:crypto';

/*
 * Errors as the Google Ads REST API sends them: an HTTP status, the canonical status name, and a GoogleAdsFailure
 * in `details` carrying each error's `errorCode` (one `{<kind>: "<CODE>"}`), message and, for a field, its location.
 */

/** One step of an error's location: a field name (snake_case, as the proto names it) and, in a list, its index. */
export interface FieldPathElement {
  fieldName: string;
  index?: number;
}

export interface GoogleAdsErrorEntry {
  errorCode: Record<string, string>;
  message: string;
  trigger?: { stringValue: string };
  location?: { fieldPathElements: FieldPathElement[] };
}

const CANONICAL = {
  400: { status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' },
  401: {
    status: 'UNAUTHENTICATED',
    message:
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  },
  403: { status: 'PERMISSION_DENIED', message: 'The caller does not have permission' },
  404: { status: 'NOT_FOUND', message: 'Requested entity was not found.' },
  429: { status: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).' },
} as const;

export type GoogleAdsHttpStatus = keyof typeof CANONICAL;

/** A refusal the sandbox answers in Google's error shape. */
export class SandboxGoogleAdsError extends Error {
  constructor(
    readonly http: GoogleAdsHttpStatus,
    readonly errors: GoogleAdsErrorEntry[],
  ) {
    super(errors[0]?.message ?? CANONICAL[http].message);
  }
}

/**
 * A body the API's JSON layer refuses before Google Ads reads it (an unknown field, a value of the wrong type or
 * enum): HTTP 400 with a `google.rpc.BadRequest` naming the field, no GoogleAdsFailure.
 */
export class SandboxJsonError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** The JSON layer's refusal of a field that is not in the message (`path` as `operations[0].create`). */
export const unknownField = (name: string, path: string) =>
  new SandboxJsonError(
    `Invalid JSON payload received. Unknown name "${name}" at '${path}': Cannot find field.`,
    path,
  );

/** The JSON layer's refusal of a value of the wrong type or enum (`type` as Google names it). */
export const invalidValue = (path: string, type: string, value: unknown) =>
  new SandboxJsonError(`Invalid value at '${path}' (${type}), ${JSON.stringify(value)}`, path);

/** One error of `kind` and `code` (`requestError`, `RESOURCE_NOT_FOUND`), at `path` when a field caused it. */
export function adsError(
  http: GoogleAdsHttpStatus,
  kind: string,
  code: string,
  message: string,
  path?: FieldPathElement[],
  trigger?: string,
): SandboxGoogleAdsError {
  return new SandboxGoogleAdsError(http, [
    {
      errorCode: { [kind]: code },
      message,
      ...(trigger === undefined ? {} : { trigger: { stringValue: trigger } }),
      ...(path ? { location: { fieldPathElements: path } } : {}),
    },
  ]);
}

/** An invalid-argument error (HTTP 400), the most common kind. */
export const badRequest = (
  kind: string,
  code: string,
  message: string,
  path?: FieldPathElement[],
  trigger?: string,
) => adsError(400, kind, code, message, path, trigger);

/** A path from dotted segments, `operations[2].create.name` → elements (an index after a name: `[2]`). */
export function fieldPath(...segments: (string | number)[]): FieldPathElement[] {
  const path: FieldPathElement[] = [];
  for (const segment of segments) {
    if (typeof segment === 'number') path[path.length - 1]!.index = segment;
    else path.push({ fieldName: segment });
  }
  return path;
}

/** The body Google answers an error with; `version` names the API version the request was made to. */
export function failureBody(error: SandboxGoogleAdsError | SandboxJsonError, version: string) {
  if (error instanceof SandboxJsonError)
    return {
      error: {
        code: 400,
        message: error.message,
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.BadRequest',
            fieldViolations: [{ field: error.field, description: error.message }],
          },
        ],
      },
    };
  const canonical = CANONICAL[error.http];
  return {
    error: {
      code: error.http,
      message: canonical.message,
      status: canonical.status,
      details: [
        {
          '@type': `type.googleapis.com/google.ads.googleads.${version}.errors.GoogleAdsFailure`,
          errors: error.errors,
          requestId: randomBytes(16).toString('base64url').slice(0, 22),
        },
      ],
    },
  };
}

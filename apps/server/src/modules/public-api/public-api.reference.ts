import type { FastifyInstance } from 'fastify';
import type {} from '@fastify/swagger';
import {
  PUBLIC_API_BASE,
  PUBLIC_API_CREDITS,
  PUBLIC_API_RATE_LIMIT,
  type PublicApiOperation,
} from '@storelift/shared';
import { escapeHtml } from '../../lib/html.js';

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  format?: string;
  minimum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema; description?: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  [extension: `x-${string}`]: unknown;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Bodies worth copying for the operations that take one (others are drawn from their schema). */
const EXAMPLE_BODIES: Partial<Record<PublicApiOperation, object>> = {
  addApp: { appstore: 1, country: 'US', package: 'com.example.fitness' },
  addKeyword: { keyword: 'fitness tracker', packageId: 'com.example.fitness', appstore: 1, country: 'US' },
  quoteCampaign: {
    productType: 1,
    packageId: 'com.example.fitness',
    appstore: 1,
    country: 'US',
    days: 3,
    installs: 10,
  },
  orderCampaign: {
    productType: 1,
    packageId: 'com.example.fitness',
    appstore: 1,
    country: 'US',
    days: 3,
    installs: 10,
  },
};

/** A plain value that fits a schema: its default, first choice, or a placeholder of its type. */
function exampleOf(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 3) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return exampleOf(
      alternatives.find((item) => item.type !== 'null'),
      depth,
    );
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object')
    return Object.fromEntries(
      (schema.required ?? []).map((name) => [name, exampleOf(schema.properties?.[name], depth + 1)]),
    );
  if (type === 'array') return [];
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return true;
  return schema.format === 'date' ? '2026-01-31' : 'text';
}

/**
 * The public API's own OpenAPI document: the `/api/v1` operations of the server's document, each with its
 * price (`x-credits`), authenticated by API token (docs/public-api.md).
 */
export function publicApiDocument(full: Document, serverUrl: string) {
  const paths: Document['paths'] = {};
  for (const [path, item] of Object.entries(full.paths)) {
    if (!path.startsWith(`${PUBLIC_API_BASE}/`)) continue;
    paths[path] = Object.fromEntries(
      Object.entries(item).map(([method, operation]) => [
        method,
        { ...operation, 'x-credits': PUBLIC_API_CREDITS[operation.operationId as PublicApiOperation] },
      ]),
    );
  }
  const { max, windowSeconds } = PUBLIC_API_RATE_LIMIT;
  return {
    openapi: full.openapi,
    info: {
      title: 'Storelift public API',
      version: '1',
      description:
        `Your apps, keywords, campaigns, money and statistics, paid with API credits (x-credits per operation). ` +
        `Every answer carries X-Credits-Cost and X-Credits-Remaining; 402 when the credits are not enough (nothing spent). ` +
        `At most ${max} requests per ${windowSeconds} seconds per account, live and test tokens together (RateLimit and RateLimit-Policy headers, 429 with Retry-After). ` +
        `A test token (sl_test_…) is a free sandbox: reads answer fixed sample data, never the account's own; writes are checked like live ones and answered as dry runs, nothing written or charged.`,
    },
    servers: [{ url: serverUrl }],
    components: {
      schemas: full.components?.schemas ?? {},
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Your API token (My profile, API)' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      },
    },
    security: [{ bearer: [] }, { apiKey: [] }],
    paths,
  };
}
export type PublicApiDocument = ReturnType<typeof publicApiDocument>;

/** What a call looks like: its URL with example path and required query values, and its body. */
function exampleCall(path: string, operation: Operation) {
  let url = path;
  const query: string[] = [];
  for (const parameter of operation.parameters ?? []) {
    const value = String(exampleOf(parameter.schema));
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (parameter.in === 'query' && parameter.required)
      query.push(`${parameter.name}=${encodeURIComponent(value)}`);
  }
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const body = schema && (EXAMPLE_BODIES[operation.operationId as PublicApiOperation] ?? exampleOf(schema));
  return { url: query.length ? `${url}?${query.join('&')}` : url, body };
}

function curlOf(base: string, method: string, path: string, operation: Operation) {
  const { url, body } = exampleCall(path, operation);
  const lines = [
    `curl -X ${method.toUpperCase()} "${base}${url}"`,
    `  -H "Authorization: Bearer $STORELIFT_TOKEN"`,
  ];
  if (operation.operationId === 'orderCampaign') lines.push(`  -H "Idempotency-Key: $(uuidgen)"`);
  if (body !== undefined)
    lines.push(`  -H "Content-Type: application/json"`, `  -d '${JSON.stringify(body)}'`);
  return lines.join(' \\\n');
}

function typeScriptOf(base: string, method: string, path: string, operation: Operation) {
  const { url, body } = exampleCall(path, operation);
  const headers = ['Authorization: `Bearer ${process.env.STORELIFT_TOKEN}`'];
  if (operation.operationId === 'orderCampaign') headers.push(`'Idempotency-Key': crypto.randomUUID()`);
  if (body !== undefined) headers.push(`'Content-Type': 'application/json'`);
  return [
    `const response = await fetch('${base}${url}', {`,
    `  method: '${method.toUpperCase()}',`,
    `  headers: { ${headers.join(', ')} },`,
    ...(body !== undefined ? [`  body: JSON.stringify(${JSON.stringify(body)}),`] : []),
    `});`,
    `const answer = await response.json();`,
    `if (!response.ok) throw new Error(answer.message); // { message, errors? }`,
    `console.log(response.headers.get('X-Credits-Remaining'), answer);`,
  ].join('\n');
}

const creditsText = (credits: unknown) =>
  typeof credits === 'number' && credits ? `${credits} credit${credits === 1 ? '' : 's'}` : 'free';

/** The reference page: each operation with its price, parameters, and a curl and a TypeScript example. */
export function referenceHtml(document: PublicApiDocument) {
  const base = document.servers[0]!.url;
  const sections = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => {
        const parameters = (operation.parameters ?? [])
          .filter((parameter) => parameter.in !== 'header' || parameter.name === 'idempotency-key')
          .map(
            (parameter) =>
              `<li><code>${escapeHtml(parameter.name)}</code> (${escapeHtml(parameter.in)}${parameter.required ? ', required' : ''})</li>`,
          )
          .join('');
        const id = escapeHtml(operation.operationId ?? `${method}-${path}`);
        return `<section id="${id}">
<h2><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2>
<p>${escapeHtml(operation.summary ?? '')} <strong class="credits">${creditsText(operation['x-credits'])}</strong></p>
${operation.description ? `<p>${escapeHtml(operation.description)}</p>` : ''}
${parameters ? `<ul>${parameters}</ul>` : ''}
<h3>curl</h3><pre><code>${escapeHtml(curlOf(base, method, path, operation))}</code></pre>
<h3>TypeScript</h3><pre><code>${escapeHtml(typeScriptOf(base, method, path, operation))}</code></pre>
</section>`;
      }),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Storelift public API reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:24px;color:#1a1b1e}
pre{background:#f1f3f5;padding:12px;border-radius:8px;overflow:auto}code{font-family:ui-monospace,monospace}
section{border-top:1px solid #dee2e6;padding:8px 0}.method{color:#1864ab}.credits{color:#2b8a3e;margin-left:8px}
</style></head><body><main>
<h1>Storelift public API reference</h1>
<p>${escapeHtml(document.info.description)}</p>
<p>Server <code>${escapeHtml(base)}</code>. The machine-readable document: <a href="${PUBLIC_API_BASE}/openapi.json">openapi.json</a>.
Errors answer <code>{ "message": "…", "errors": { "field": ["…"] } }</code> as in the web app's API.</p>
${sections.join('\n')}
</main></body></html>`;
}

/** `GET /api/v1/openapi.json` and `GET /api/v1/reference` (free, no token needed). */
export async function publicApiReferenceRoutes(app: FastifyInstance) {
  let document: PublicApiDocument | undefined;
  let html: string | undefined;
  // Built once, on first use: the server's document is complete only when every route is registered.
  const documentOf = () =>
    (document ??= publicApiDocument(app.swagger() as unknown as Document, app.deps.config.publicUrl));
  app.get('/openapi.json', { schema: { hide: true } }, async () => documentOf());
  app.get('/reference', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send((html ??= referenceHtml(documentOf()))),
  );
}

import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a stand-in provider received it. */
export interface StandInCall {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A provider stand-in's HTTP server on 127.0.0.1 (payments stand-ins: stand-in-gate-pay, -liqpay, -fondy). */
export interface StandInServer {
  url: string;
  /** The next `count` API calls (anything but a GET) get an HTML error page with HTTP 200, as a broken proxy gives. */
  answerHtml(count: number): void;
  close(): Promise<void>;
}

/**
 * Listens on a free loopback port and hands each request, its body read, to `handle`; a handler that
 * throws answers 500 (a stand-in's own bug shows as a failing call, never a hang).
 */
export async function startStandInServer(
  handle: (call: StandInCall, res: ServerResponse) => void | Promise<void>,
): Promise<StandInServer> {
  let htmlAnswers = 0;
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (htmlAnswers > 0 && req.method !== 'GET') {
      htmlAnswers -= 1;
      return replyHtml(res, '502 Bad Gateway');
    }
    try {
      await handle({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body }, res);
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answerHtml: (count) => {
      htmlAnswers = count;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Answers JSON with a status. */
export function replyJson(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}

/** A plain HTML page (the stand-in's hosted checkout), with `body` (HTML) under its heading. */
export function replyHtml(res: ServerResponse, title: string, body = '') {
  res.statusCode = 200;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`,
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** An HTML form posting `fields` as hidden inputs to `action` with one submit button (no script needed). */
export function postForm(action: string, fields: Record<string, string>, button: string) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form method="post" action="${escapeHtml(action)}">${inputs}<button type="submit">${escapeHtml(button)}</button></form>`;
}

/**
 * A signed JSON call's body once its header checks are done: the problems found (and a body that is not JSON)
 * go to `violations`, each with the call's url, and the call gets null; else its parsed body.
 */
export function signedJsonBody(
  call: StandInCall,
  problems: string[],
  violations: string[],
): Record<string, unknown> | null {
  let body: unknown;
  try {
    body = JSON.parse(call.body);
  } catch {
    problems.push('body is not JSON');
  }
  if (problems.length) {
    violations.push(...problems.map((problem) => `${call.url}: ${problem}`));
    return null;
  }
  return body as Record<string, unknown>;
}

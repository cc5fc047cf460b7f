import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, type OutboundPolicy } from '../../lib/public-url.js';
import { HttpVendor } from './http-vendor.js';
import { VendorRejectedError, VendorUnreachableError } from './vendor-provider.js';

/** These tests' stand-in vendor listens on loopback: only they let a vendor be called there. */
const policy: OutboundPolicy = { resolve: async () => ['127.0.0.1'], allows: () => true };
let server: Server;
let url = '';
/** Each path's canned answer: status and raw body; `/hang` never answers. */
const answers: Record<string, [number, string]> = {
  '/orders/bad-json': [200, 'not json'],
  '/orders/gone': [404, '{"error":"unknown order"}'],
  '/orders/broken': [502, '<html>bad gateway</html>'],
  '/orders/odd': [200, '{"state":"exploded"}'],
  '/orders/ok': [200, '{"state":"running","orders":[{"id":1,"days":[{"day":1,"installs_actual":3}]}]}'],
};

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/orders/hang') return;
    const [status, body] = answers[req.url ?? ''] ?? [200, '{}'];
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('HttpVendor', () => {
  it('reads a progress report', async () => {
    await expect(new HttpVendor({ url, policy }).progress('ok')).resolves.toEqual({
      state: 'running',
      orders: [{ id: 1, days: [{ day: 1, installs_actual: 3 }] }],
    });
  });

  it('takes a 4xx for a refusal, naming its status but never copying the vendor’s body', async () => {
    const refusal = new HttpVendor({ url, policy }).progress('gone');
    await expect(refusal).rejects.toBeInstanceOf(VendorRejectedError);
    await expect(refusal).rejects.toThrow(/^The vendor refused the request \(HTTP 404\)$/);
  });

  it('refuses to call a loopback or private address (checked on every call)', async () => {
    const refused = new HttpVendor({ url }).progress('ok');
    await expect(refused).rejects.toBeInstanceOf(VendorRejectedError);
    await expect(refused).rejects.toThrow(/address is refused/);
    // A name that resolves to loopback at call time is refused too.
    const rebound = new HttpVendor({
      url: url.replace('127.0.0.1', 'vendor.example.com'),
      policy: { resolve: async () => ['127.0.0.1'], allows: isPublicAddress },
    });
    await expect(rebound.progress('ok')).rejects.toBeInstanceOf(VendorRejectedError);
  });

  it('takes a 5xx, a timeout, a closed port or an unreadable answer for unreachable', async () => {
    const vendor = new HttpVendor({ url, timeoutMs: 300, policy });
    for (const ref of ['broken', 'hang', 'bad-json', 'odd'])
      await expect(vendor.progress(ref), ref).rejects.toBeInstanceOf(VendorUnreachableError);
    const nowhere = new HttpVendor({ url: 'http://127.0.0.1:1', timeoutMs: 300, policy });
    await expect(nowhere.control('x', 'cancel')).rejects.toBeInstanceOf(VendorUnreachableError);
  });
});

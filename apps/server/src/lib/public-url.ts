import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/*
 * The public-address rule for every URL a user or staff member configures (webhook endpoints, vendor APIs;
 * docs/webhooks.md, Public addresses): http(s) only, and every address its host resolves to must be public.
 * It is checked when the URL is saved and again on each call, and the call connects to the very address
 * that was checked, so a DNS answer that changes in between (rebinding) cannot reach a private one.
 */

/** Why a URL is refused (shown to whoever saves it). */
export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
}

/** How outbound hosts resolve, and which addresses may be called. Tests inject their own; production never does. */
export interface OutboundPolicy {
  /** Every address a host name resolves to. */
  resolve(host: string): Promise<string[]>;
  /** Whether an address may be called. */
  allows(address: string): boolean;
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
// IPv4-mapped addresses (`::ffff:0:0/96`) are never checked here as IPv6: they are checked as the IPv4 address they
// carry (plainAddress). A rule for the range itself would catch every IPv4 address, as BlockList maps them into it.
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b::', 96], // NAT64 (reaches IPv4 through a gateway)
  ['100::', 64],
  ['2001::', 32], // Teredo (embeds IPv4)
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4 (embeds IPv4)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10],
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:0:0/96`, any spelling) carries, else null. */
function mappedIpv4(address: string): string | null {
  // The URL parser writes every spelling of an IPv6 address in one canonical form (`::ffff:7f00:1`).
  const hex = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(new URL(`http://[${address}]`).hostname);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** An address without brackets or zone, as IPv4 when it is IPv4-mapped; null when it is no IP address. */
function plainAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return { address: bare, family: 'ipv4' };
  if (family !== 6) return null;
  const v4 = mappedIpv4(bare);
  return v4 ? { address: v4, family: 'ipv4' } : { address: bare, family: 'ipv6' };
}

/** Whether an IP address is a public unicast address (not loopback, private, link-local, metadata, …). */
export function isPublicAddress(address: string): boolean {
  const plain = plainAddress(address);
  return plain !== null && !blocked.check(plain.address, plain.family);
}

/**
 * The rule every outbound call (vendor APIs, ad networks, webhooks) runs under: public addresses, plus the
 * addresses and networks an operator allows (`OUTBOUND_ALLOW`, e.g. a supplier on a private network).
 */
export function outboundPolicy(allow: readonly string[]): OutboundPolicy {
  const allowed = new BlockList();
  for (const entry of allow) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address!) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) allowed.addAddress(address!, family);
    else allowed.addSubnet(address!, Number(prefix), family);
  }
  return {
    resolve: systemResolve,
    allows(address) {
      if (isPublicAddress(address)) return true;
      const plain = plainAddress(address);
      return plain !== null && allowed.check(plain.address, plain.family);
    },
  };
}

/** Host names that name this machine or a private network whatever DNS says. */
const PRIVATE_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/** Resolves with the system resolver (every address, IPv4 and IPv6). */
async function systemResolve(host: string): Promise<string[]> {
  const answers = await lookup(host, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}

/** The system resolver, public addresses only (`OUTBOUND_ALLOW` empty). */
export const PUBLIC_ONLY = outboundPolicy([]);

/** Parses a URL and checks its form: http(s), a host, no credentials, no private host name. */
export function parsePublicUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('Enter a full http:// or https:// address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UnsafeUrlError('Only http:// and https:// addresses are allowed');
  if (url.username || url.password)
    throw new UnsafeUrlError('The address may not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (!host || PRIVATE_NAMES.test(host)) throw new UnsafeUrlError('The address must be a public host');
  return url;
}

/**
 * Checks that a URL is public: its form, then every address its host resolves to (one private answer
 * refuses it). Answers the URL and the address to connect to.
 */
export async function checkPublicUrl(
  raw: string,
  policy: OutboundPolicy = PUBLIC_ONLY,
): Promise<{ url: URL; address: string }> {
  const url = parsePublicUrl(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      throw new UnsafeUrlError('The host name does not resolve');
    }
  }
  if (!addresses.length) throw new UnsafeUrlError('The host name does not resolve');
  if (!addresses.every((address) => policy.allows(address)))
    throw new UnsafeUrlError('The address is not public (loopback, private, link-local or reserved)');
  return { url, address: addresses[0]! };
}

export interface OutboundRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  policy?: OutboundPolicy;
}

export interface OutboundAnswer {
  status: number;
  /** The body, cut at `MAX_BODY_BYTES`. */
  body: string;
  latencyMs: number;
}

/** The most of an answer's body read (the rest is dropped unread). */
const MAX_BODY_BYTES = 256 * 1024;

/**
 * Calls a configured URL: checks it (`checkPublicUrl`), then connects to the checked address only (the
 * socket's lookup is pinned to it; TLS still verifies the host name). Redirects are not followed: a 3xx is
 * answered as it is. Throws `UnsafeUrlError` for a refused address, an Error for network failures and timeouts.
 */
export async function publicRequest(raw: string, options: OutboundRequest): Promise<OutboundAnswer> {
  const { url, address } = await checkPublicUrl(raw, options.policy);
  const family = isIP(address);
  const started = performance.now();
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method,
        headers: {
          ...options.headers,
          ...(options.body !== undefined && { 'content-length': String(Buffer.byteLength(options.body)) }),
        },
        timeout: options.timeoutMs,
        // Pinned: the name is never resolved again between the check and the connection.
        lookup: (_host, lookupOptions, callback) => {
          if ((lookupOptions as { all?: boolean }).all) callback(null, [{ address, family }] as never);
          else callback(null, address, family);
        },
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size >= MAX_BODY_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= MAX_BODY_BYTES) res.destroy();
        });
        const done = () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString('utf8'),
            latencyMs: Math.round(performance.now() - started),
          });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error('timed out')), options.timeoutMs);
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.on('close', () => clearTimeout(timer));
    req.end(options.body);
  });
}

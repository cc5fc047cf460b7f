import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { AccessListCategory, AccessListType } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { accessListVersion, allEntries } from './access-lists.repo.js';

export { bumpAccessListVersion } from './access-lists.repo.js';

/** The entries of one list, ready to match. */
interface ListMatcher {
  values: Record<Exclude<AccessListCategory, 'ip'>, Set<string>>;
  network: BlockList;
}

interface Snapshot {
  version: number;
  lists: Record<AccessListType, ListMatcher>;
}

const emptyList = (): ListMatcher => ({
  values: { email: new Set(), 'email-domain': new Set(), country: new Set(), 'package-id': new Set() },
  network: new BlockList(),
});

/** An address as the socket reports it, without the IPv4-in-IPv6 wrapping (`::ffff:203.0.113.7`). */
export function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

function addNetwork(list: BlockList, value: string) {
  const [address = '', prefix] = value.split('/');
  const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (!type) return;
  if (prefix === undefined) list.addAddress(address, type);
  else list.addSubnet(address, Number(prefix), type);
}

async function loadSnapshot(db: Db, version: number): Promise<Snapshot> {
  const lists = { 'white-list': emptyList(), 'black-list': emptyList() };
  for (const row of await allEntries(db)) {
    const list = lists[row.list_type];
    if (row.category === 'ip') addNetwork(list.network, row.value);
    else list.values[row.category].add(row.value);
  }
  return { version, lists };
}

/**
 * How long a process uses its copy before it reads the version again: a change made in another process takes
 * effect here within this time, one made in this process at once (forgetAccessLists). Reading the version on
 * every request had been one more round trip on every rate-limited request, a payment notification's among them.
 */
export const VERSION_CHECK_MS = 1_000;

/** Per database (one per app): the copy, and when its version was last read. */
const copies = new WeakMap<Db, { snapshot: Promise<Snapshot>; checkedAt: number }>();

function snapshotOf(db: Db): Promise<Snapshot> {
  const held = copies.get(db);
  if (held && performance.now() - held.checkedAt < VERSION_CHECK_MS) return held.snapshot;
  // One read of the version for all the requests that find the copy due; the copy is reloaded only when it moved.
  const snapshot = (async () => {
    const version = await accessListVersion(db);
    const previous = await held?.snapshot.catch(() => undefined);
    // The version was read before the load, so a copy is never labelled newer than it is.
    return previous?.version === version ? previous : loadSnapshot(db, version);
  })();
  copies.set(db, { snapshot, checkedAt: performance.now() });
  // A failed read is not kept: the next check tries again.
  snapshot.catch(() => {
    if (copies.get(db)?.snapshot === snapshot) copies.delete(db);
  });
  return snapshot;
}

/** Drops this process's copy once a change of the lists has committed: its next check reads them again. */
export function forgetAccessLists(db: Db) {
  copies.delete(db);
}

/** What a request says about who is asking, each checked against the lists of its kind. */
export interface AccessFacts {
  email?: string;
  ip?: string | null;
  country?: string;
  packageId?: string;
}

/** Whether an e-mail, its domain or a parent domain of it is on the list. */
function emailListed(list: ListMatcher, email: string): boolean {
  const address = email.toLowerCase();
  if (list.values.email.has(address)) return true;
  const labels = address.slice(address.lastIndexOf('@') + 1).split('.');
  for (let i = 0; i < labels.length - 1; i += 1)
    if (list.values['email-domain'].has(labels.slice(i).join('.'))) return true;
  return false;
}

function addressListed(list: ListMatcher, ip: string): boolean {
  const address = plainAddress(ip);
  if (isIPv4(address)) return list.network.check(address, 'ipv4');
  return isIPv6(address) && list.network.check(address, 'ipv6');
}

type Dimension = { category: AccessListCategory; listed: (list: ListMatcher) => boolean };

/**
 * The category of the black-list entry that refuses these facts, or undefined. A white-list entry of the same
 * kind wins (a white-listed e-mail passes its black-listed domain; a white-listed address its black-listed
 * network), so staff can make exceptions.
 */
export async function blockedBy(db: Db, facts: AccessFacts): Promise<AccessListCategory | undefined> {
  const { lists } = await snapshotOf(db);
  const dimensions: Dimension[] = [];
  const { email, ip, country, packageId } = facts;
  if (email) dimensions.push({ category: 'email', listed: (list) => emailListed(list, email) });
  if (ip) dimensions.push({ category: 'ip', listed: (list) => addressListed(list, ip) });
  if (country)
    dimensions.push({
      category: 'country',
      listed: (list) => list.values.country.has(country.toUpperCase()),
    });
  if (packageId)
    dimensions.push({ category: 'package-id', listed: (list) => list.values['package-id'].has(packageId) });
  return dimensions.find(({ listed }) => listed(lists['black-list']) && !listed(lists['white-list']))
    ?.category;
}

/** Whether an address is on the white list (it passes the rate limits). */
export async function isWhiteListedAddress(db: Db, ip: string): Promise<boolean> {
  return addressListed((await snapshotOf(db)).lists['white-list'], ip);
}

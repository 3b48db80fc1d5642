import { lookup } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Where a webhook may not go unless WEBHOOK_ALLOW_PRIVATE is on (docs/decisions.md,
 * "Webhooks"): the server's own machine, the networks behind it, the cloud's metadata
 * service (169.254.169.254). A URL naming a host is resolved and every address checked:
 * at registration (a 400 naming `url`) and again at each delivery, where the connection
 * goes to exactly the address that was checked (a lookup hook), so a name that changes
 * its answer between the check and the connection reaches nothing private.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", 0.0.0.0 included
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, the metadata service
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  PRIVATE.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7], // unique-local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const)
  PRIVATE.addSubnet(network, prefix, "ipv6");

/** Whether an IP address is one a webhook may not reach by default (IPv4-mapped IPv6 as its IPv4). */
function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? "ipv4" : "ipv6");
}

class RefusedAddress extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefusedAddress";
  }
}

interface Resolved {
  address: string;
  family: number;
}

function resolveAll(hostname: string): Promise<Resolved[]> {
  return new Promise((resolve, reject) =>
    lookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );
}

/** The host's addresses, or RefusedAddress when one of them is private (one is enough to refuse the host). */
async function checkedAddresses(hostname: string, allowPrivate: boolean): Promise<Resolved[]> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await resolveAll(host);
  if (addresses.length === 0) throw new RefusedAddress(`${host} has no address`);
  const refused = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
  if (refused)
    throw new RefusedAddress(
      `${host} is a private, loopback or link-local address (${refused.address}); webhooks go to public addresses only`,
    );
  return addresses;
}

/**
 * Why this URL cannot be a webhook endpoint (a message for the `url` field), or null: https
 * (http only with WEBHOOK_ALLOW_PRIVATE), no credentials in it, a host that resolves to
 * public addresses only.
 */
export async function webhookUrlError(raw: string, allowPrivate: boolean): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter a full URL, e.g. https://example.com/coldchain";
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:"))
    return allowPrivate ? "The URL must start with https:// or http://" : "The URL must start with https://";
  if (url.username || url.password) return "The URL must not hold a user name or password";
  try {
    await checkedAddresses(url.hostname, allowPrivate);
  } catch (error) {
    if (error instanceof RefusedAddress) return error.message;
    return `${url.hostname} could not be resolved`;
  }
  return null;
}

/**
 * A connection's lookup that resolves the name, refuses it when any address is private,
 * and hands the connection the addresses it checked (node:net's `lookup` option).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, allowPrivate).then(
      (addresses) => {
        const first = addresses[0] as Resolved;
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}

/** Before connecting to an IP literal (which skips the lookup): throws RefusedAddress when it is private. */
export async function assertDeliverable(url: URL, allowPrivate: boolean): Promise<void> {
  if (isIP(url.hostname.replace(/^\[|\]$/g, ""))) await checkedAddresses(url.hostname, allowPrivate);
}

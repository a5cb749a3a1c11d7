import { ErrorCode, MAX_WEBHOOK_URL_LENGTH, WEBHOOK_ERRORS } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import ipaddr from 'ipaddr.js';
import { lookup } from 'node:dns/promises';
import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';

/** Why a URL or an address cannot receive webhooks, in the words the page shows. */
export class WebhookAddressError extends Error {}

/**
 * The names a host resolves to. In production the system resolver (as every other outgoing call);
 * WEBHOOK_DNS_SERVERS names DNS servers to ask directly instead (the tests run their own).
 */
export class WebhookResolver {
  private readonly resolver?: Resolver;

  constructor(servers: string[] = []) {
    if (servers.length) {
      this.resolver = new Resolver({ timeout: 3000, tries: 2 });
      this.resolver.setServers(servers);
    }
  }

  async addresses(hostname: string): Promise<string[]> {
    const host = hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) return [host];
    if (!this.resolver || host === 'localhost') return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    const [v4, v6] = await Promise.all([this.resolver.resolve4(host).catch(noRecords), this.resolver.resolve6(host).catch(noRecords)]);
    return [...v4, ...v6];
  }
}

function noRecords(error: { code?: string }): string[] {
  if (error.code === 'ENODATA' || error.code === 'ENOTFOUND') return [];
  throw error;
}

/**
 * May webhooks go to this address? Only to public unicast addresses: never private ranges,
 * link-local (cloud metadata at 169.254.169.254), CGNAT, multicast, unspecified, IPv6 unique-local
 * or addresses that wrap an IPv4 one (6to4, Teredo, NAT64). Loopback only while running locally.
 */
export function isAllowedAddress(address: string, localMode: boolean): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it is.
    parsed = ipaddr.process(address);
  } catch {
    return false;
  }
  const range = parsed.range();
  return range === 'unicast' || (localMode && range === 'loopback');
}

/** The URL's syntax: https (http only to localhost in local mode), no user name or password. */
export function parseWebhookUrl(value: string, localMode: boolean): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new WebhookAddressError(WEBHOOK_ERRORS.badUrl);
  }
  if (value.length > MAX_WEBHOOK_URL_LENGTH || !url.hostname) throw new WebhookAddressError(WEBHOOK_ERRORS.badUrl);
  if (url.username || url.password) throw new WebhookAddressError(WEBHOOK_ERRORS.credentials);
  const local = localMode && isLocalHostname(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    throw new WebhookAddressError(localMode ? WEBHOOK_ERRORS.notHttpsLocal : WEBHOOK_ERRORS.notHttps);
  }
  return url;
}

function isLocalHostname(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  return isIP(host) !== 0 && ipaddr.process(host).range() === 'loopback';
}

/**
 * Resolves the URL's host and checks every address it names; answers the one to connect to.
 * Called when an endpoint is added and again before every delivery, so a name that later points
 * inside (DNS rebinding) is refused then, and the connection goes to the address checked here.
 */
export async function checkedAddress(url: URL, resolver: WebhookResolver, localMode: boolean): Promise<string> {
  let addresses: string[];
  try {
    addresses = await resolver.addresses(url.hostname);
  } catch {
    throw new WebhookAddressError(WEBHOOK_ERRORS.unresolvable);
  }
  if (!addresses.length) throw new WebhookAddressError(WEBHOOK_ERRORS.unresolvable);
  if (!addresses.every((address) => isAllowedAddress(address, localMode))) throw new WebhookAddressError(WEBHOOK_ERRORS.privateAddress);
  return addresses[0];
}

/** A WebhookAddressError as the 400 the page shows under the URL field. */
export function asBadRequest(error: unknown): unknown {
  if (!(error instanceof WebhookAddressError)) return error;
  return new ApiException(400, ErrorCode.VALIDATION_FAILED, error.message, { issues: [{ path: ['url'], message: error.message }] });
}

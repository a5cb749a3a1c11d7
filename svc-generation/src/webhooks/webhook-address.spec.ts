import { WEBHOOK_ERRORS } from '@vton/contracts';
import { FakeDns } from '../../test/fake-dns.js';
import { checkedAddress, isAllowedAddress, parseWebhookUrl, WebhookResolver } from './webhook-address.js';

describe('webhook addresses', () => {
  it.each([
    ['10.1.2.3', 'private'],
    ['172.16.0.9', 'private'],
    ['192.168.1.10', 'private'],
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['fe80::1', 'IPv6 link-local'],
    ['fd12:3456::1', 'IPv6 unique-local'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['2002:a00:1::', '6to4 wrapping 10.0.0.1'],
  ])('refuses %s (%s)', (address) => {
    expect(isAllowedAddress(address, false)).toBe(false);
  });

  it('allows public unicast addresses, and loopback only in local mode', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isAllowedAddress(address, false)).toBe(true);
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::1', true)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', true)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', true)).toBe(false);
    expect(isAllowedAddress('not an address', true)).toBe(false);
  });

  it('takes https URLs only, http only to localhost in local mode, and no credentials', () => {
    expect(parseWebhookUrl('https://shop.example/hooks', false).hostname).toBe('shop.example');
    expect(() => parseWebhookUrl('http://shop.example/hooks', false)).toThrow(WEBHOOK_ERRORS.notHttps);
    expect(() => parseWebhookUrl('http://localhost:9000/hooks', false)).toThrow(WEBHOOK_ERRORS.notHttps);
    expect(parseWebhookUrl('http://localhost:9000/hooks', true).port).toBe('9000');
    expect(parseWebhookUrl('http://127.0.0.1:9000/hooks', true).hostname).toBe('127.0.0.1');
    expect(() => parseWebhookUrl('http://shop.example/hooks', true)).toThrow(WEBHOOK_ERRORS.notHttpsLocal);
    expect(() => parseWebhookUrl('https://user:pw@shop.example/', false)).toThrow(WEBHOOK_ERRORS.credentials);
    expect(() => parseWebhookUrl('ftp://shop.example/', false)).toThrow(WEBHOOK_ERRORS.notHttps);
    expect(() => parseWebhookUrl('shop.example/hooks', false)).toThrow(WEBHOOK_ERRORS.badUrl);
  });

  describe('resolved through DNS', () => {
    let dns: FakeDns;
    let resolver: WebhookResolver;

    beforeAll(async () => {
      dns = await new FakeDns().start();
      resolver = new WebhookResolver([dns.server]);
    });
    afterAll(() => dns.stop());

    it('checks every address a name resolves to, each time it is asked (a rebound name is refused)', async () => {
      dns.records.set('hooks.shop.test', ['93.184.216.34']);
      const url = new URL('https://hooks.shop.test/vton');
      await expect(checkedAddress(url, resolver, false)).resolves.toBe('93.184.216.34');
      dns.records.set('hooks.shop.test', ['169.254.169.254']);
      await expect(checkedAddress(url, resolver, false)).rejects.toThrow(WEBHOOK_ERRORS.privateAddress);
      // One inside address among public ones is enough to refuse.
      dns.records.set('hooks.shop.test', ['93.184.216.34', '2606:4700:4700::1111', '10.0.0.7']);
      await expect(checkedAddress(url, resolver, false)).rejects.toThrow(WEBHOOK_ERRORS.privateAddress);
      dns.records.set('hooks.shop.test', ['fd00::5']);
      await expect(checkedAddress(url, resolver, false)).rejects.toThrow(WEBHOOK_ERRORS.privateAddress);
      await expect(checkedAddress(new URL('https://nowhere.test/'), resolver, false)).rejects.toThrow(WEBHOOK_ERRORS.unresolvable);
      await expect(checkedAddress(new URL('https://10.0.0.1/'), resolver, false)).rejects.toThrow(WEBHOOK_ERRORS.privateAddress);
      await expect(checkedAddress(new URL('https://[::ffff:127.0.0.1]/'), resolver, false)).rejects.toThrow(WEBHOOK_ERRORS.privateAddress);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { isKnownDevice, knownDeviceToken } from './known-device.js';
import { clientKey, retryMessage, secondsUntil } from './sign-in-policy.js';

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
    ['not an address', 'not an address'],
  ])('%s → %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});

describe('retry answers', () => {
  it.each([
    [1, 'Too many sign-in attempts. Try again in 1 second.'],
    [59, 'Too many sign-in attempts. Try again in 59 seconds.'],
    [60, 'Try again in 1 minute.'],
    [61, 'Try again in 2 minutes.'],
    [900, 'Try again in 15 minutes.'],
    [3600, 'Try again in 1 hour.'],
  ])('%i s → %s', (seconds, message) => {
    expect(retryMessage(seconds)).toContain(message);
  });

  it('rounds the wait up to whole seconds, never below one', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(secondsUntil(new Date(now.getTime() + 1), now)).toBe(1);
    expect(secondsUntil(new Date(now.getTime() + 2001), now)).toBe(3);
    expect(secondsUntil(new Date(now.getTime() - 5000), now)).toBe(1);
  });
});

describe('known-device cookie', () => {
  const secret = 'a-secret-of-the-server-0123456789';
  const now = new Date('2030-01-01T00:00:00Z');
  const expires = new Date(now.getTime() + 60_000);
  const token = knownDeviceToken(secret, 'dana@example.com', expires);

  it('is good for its email until it expires', () => {
    expect(isKnownDevice(secret, 'dana@example.com', token, now)).toBe(true);
    expect(isKnownDevice(secret, 'dana@example.com', token, expires)).toBe(false);
  });

  it('is worth nothing for another email, under another secret, altered or missing', () => {
    expect(isKnownDevice(secret, 'eve@example.com', token, now)).toBe(false);
    expect(isKnownDevice('another-secret-0123456789abcdef', 'dana@example.com', token, now)).toBe(false);
    const [, mac] = token.split('.');
    const later = (expires.getTime() + 86_400_000).toString(36);
    expect(isKnownDevice(secret, 'dana@example.com', `${later}.${mac}`, now)).toBe(false);
    expect(isKnownDevice(secret, 'dana@example.com', `${token}x`, now)).toBe(false);
    expect(isKnownDevice(secret, 'dana@example.com', undefined, now)).toBe(false);
    expect(isKnownDevice(secret, 'dana@example.com', 'garbage', now)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { isPublicAddress, tenantUrlProblem } from './public-address.js';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '64:ff9b::10.0.0.1',
    '2002:0a00:0001::1',
    '2001:db8::1',
    '2001:0:4136:e378::1',
    'localhost',
    'not an address',
    '1.2.3',
    '1:2:3:4:5:6:7:8:9',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'accepts %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('tenantUrlProblem', () => {
  it('accepts an https address on a public host', () => {
    expect(tenantUrlProblem('https://llm.acme.example.com/v1')).toBeUndefined();
    expect(tenantUrlProblem('https://93.184.216.34:8443/v1')).toBeUndefined();
  });

  it.each([
    ['http://llm.acme.com/v1', /https/],
    ['https://user:pass@llm.acme.com/v1', /user name or password/],
    ['https://127.0.0.1:9/v1', /private or reserved/],
    // The URL parser reads numeric hosts as IPv4: these all reach loopback or metadata.
    ['https://2130706433/', /private or reserved/],
    ['https://0x7f.1/', /private or reserved/],
    ['https://169.254.169.254/latest/meta-data', /private or reserved/],
    ['https://[::1]:8080/', /private or reserved/],
    ['https://[::ffff:127.0.0.1]/', /private or reserved/],
    ['https://localhost:8080/', /not public/],
    ['https://api.localhost/', /not public/],
    ['https://metadata.google.internal/', /not public/],
    ['https://llm/', /not public/],
    ['ftp://llm.acme.com/', /https/],
    ['not a url', /not a URL/],
  ])('refuses %s', (url, message) => {
    expect(tenantUrlProblem(url)).toMatch(message);
  });
});

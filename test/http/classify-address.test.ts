import { describe, expect, it } from 'vitest';
import { type AddressClass, classifyAddress } from '../../src/settings/classify-address.js';

const cases: ReadonlyArray<[address: string, expected: AddressClass]> = [
  ['169.254.169.254', 'metadata'],
  ['169.254.170.2', 'metadata'],
  ['169.254.1.1', 'metadata'],
  ['100.100.100.200', 'metadata'],
  ['fd00:ec2::254', 'metadata'],
  ['FD00:0EC2:0:0:0:0:0:254', 'metadata'],
  ['::ffff:169.254.169.254', 'metadata'],
  ['::ffff:a9fe:a9fe', 'metadata'],
  ['[::ffff:a9fe:a9fe]', 'metadata'],
  ['::169.254.169.254', 'metadata'],
  ['64:ff9b::a9fe:a9fe', 'metadata'],
  ['2002:a9fe:a9fe::1', 'metadata'],
  ['::ffff:0:a9fe:a9fe', 'metadata'], // SIIT (IPv4-translated)
  ['::ffff:0:169.254.169.254', 'metadata'],
  ['64:ff9b:1::a9fe:a9fe', 'metadata'], // local-use NAT64, /96
  ['64:ff9b:1:a9fe:a9:fe00::', 'metadata'], // local-use NAT64, /48
  ['64:ff9b:1:a9:fe:a9fe::', 'metadata'], // /56
  ['64:ff9b:1:0:a9:fea9:fe00:0', 'metadata'], // /64
  ['::ffff:0:7f00:1', 'private'],
  ['64:ff9b:1::808:808', 'private'], // local-use NAT64 reaches the site's own network
  ['64:ff9b:1:ffff::1', 'private'],
  ['127.0.0.1', 'private'],
  ['127.255.0.9', 'private'],
  ['::1', 'private'],
  ['::ffff:127.0.0.1', 'private'],
  ['0.0.0.0', 'private'],
  ['::', 'private'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'private'],
  ['fc00::1', 'private'],
  ['fd12:3456::1', 'private'],
  ['fe80::1', 'private'],
  ['fe80::1%eth0', 'private'],
  ['224.0.0.1', 'private'],
  ['255.255.255.255', 'private'],
  ['172.32.0.1', 'public'],
  ['8.8.8.8', 'public'],
  ['::ffff:8.8.8.8', 'public'],
  ['2606:4700:4700::1111', 'public'],
  ['64:ff9b::808:808', 'public'], // well-known NAT64 of a public address
  ['::ffff:0:808:808', 'public'],
  ['64:ff9b:2::1', 'public'],
  ['example.com', 'invalid'],
  ['', 'invalid'],
];

describe('classifyAddress', () => {
  it.each(cases)('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});

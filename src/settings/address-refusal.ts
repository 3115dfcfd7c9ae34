import { type AddressClass, classifyAddress } from './classify-address.js';

/** Host names of metadata services, refused by name before any resolution. */
const METADATA_HOST_NAMES = new Set(['metadata.google.internal', 'metadata.goog']);

const DESCRIPTIONS: Record<Exclude<AddressClass, 'public'>, string> = {
  metadata: 'a cloud metadata or link-local address, always refused',
  private:
    'a private, loopback or link-local address, refused unless a user or managed allowedHttpHookUrls pattern allows the URL',
  invalid: 'not an IP address',
};

/** Why an http hook may not connect to `address`, or null when it may. */
export function addressRefusal(address: string, allowPrivate: boolean): string | null {
  const addressClass = classifyAddress(address);
  if (addressClass === 'public') return null;
  if (addressClass === 'private' && allowPrivate) return null;
  return `${address} is ${DESCRIPTIONS[addressClass]}`;
}

/** Why an http hook may not use `hostname` as such (metadata service names), or null. */
export function hostNameRefusal(hostname: string): string | null {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return METADATA_HOST_NAMES.has(name) ? `${name} is a cloud metadata host name, always refused` : null;
}

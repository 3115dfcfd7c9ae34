import type { HostInstallOptions } from '../../hosts/host.js';

/** What `hookwire init <host>` gives every host's installer: the contract's `HostInstallOptions`. */
export type HostInitOptions = HostInstallOptions;

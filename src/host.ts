/**
 * `hookwire/host`: the host contract, published and versioned (`specificationVersion`), for an agent's hook
 * protocol written outside hookwire, and the registry that accepts one. This file only re-exports.
 */
export { CATALOGUE_NAMED_EVENTS } from './hosts/claude-code/claude-code-host.js';
export type {
  CommandAnswer,
  Host,
  HostAnswerEncoder,
  HostCommand,
  HostCommandIo,
  HostEnvironment,
  HostEvents,
  HostInstall,
  HostInstaller,
  HostInstallOption,
  HostInstallOptions,
  HostLocations,
  HostOutput,
  HostTrust,
  HostTrustOptions,
  IncomingEvent,
  SupportedHostInstall,
  UnsupportedHostInstall,
} from './hosts/host.js';
export { hostOutputReader } from './hosts/host.js';
export {
  hostNamed,
  registeredHosts,
  registerHost,
  SPECIFICATION_VERSION,
} from './hosts/registry.js';

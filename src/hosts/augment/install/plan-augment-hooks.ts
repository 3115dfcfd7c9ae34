import { hostSettingsHooks } from '../../../install/host-settings-hooks.js';
import type { AugmentEvent } from '../augment-events.js';

/** The hookwire groups of Auggie's settings.json (src/cli/init/host-settings-hooks.ts), by Auggie's event names. */
const settingsHooks = hostSettingsHooks<AugmentEvent>('augment');
export const hookwireEventsIn = settingsHooks.hookwireEventsIn;
export const planAugmentHooks = settingsHooks.plan;
export const parseAugmentSettings = settingsHooks.parse;

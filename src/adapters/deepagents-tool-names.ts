// The names live with the Deep Agents host (src/hosts/deepagents-legacy/); the adapters' preset is the same.
export { DEEPAGENTS_TOOL_NAMES } from '../hosts/deepagents-legacy/deepagents-tool-names.js';

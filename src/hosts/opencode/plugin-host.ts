/**
 * A host whose hooks are OpenCode's plugin surface (OpenCode itself, and its fork Kilo): what tells one from
 * another where `hookwire init` writes hookwire's plugin. Everything else (the events, the tools, the
 * answer, the plugin's source) is OpenCode's, shared (docs/hosts/kilo.md says why each is the same).
 */
export interface PluginHost {
  /** The host's name: `hookwire init <name>`, `hookwire run --host <name>`, the plugin's first line. */
  readonly name: string;
  readonly displayName: string;
  /** Where the host loads a project's plugins from, relative to the project. */
  readonly pluginFile: string;
}

/** OpenCode 1.18.33 loads `{plugin,plugins}/*.{ts,js}` of the project's `.opencode/`. */
export const OPENCODE_PLUGIN_HOST: PluginHost = {
  name: 'opencode',
  displayName: 'OpenCode',
  pluginFile: '.opencode/plugins/hookwire.js',
};

import packageJson from '../../package.json' with { type: 'json' };

/** The package version, inlined by the bundler. */
export const version: string = packageJson.version;

import { createOtlpExporter, type OtlpExporter } from './otlp-exporter.js';
import { otlpSettingsFrom } from './otlp-settings.js';

/**
 * The OTLP exporter the environment asks for (docs/observability.md), or undefined when export is off; a
 * setting that leaves it off against the user's evident wish (gRPC, an endpoint that is not a URL) is told
 * through `warn`.
 */
export function otlpExporterFrom(
  env: Readonly<Record<string, string | undefined>>,
  warn: (message: string) => void,
): OtlpExporter | undefined {
  const settings = otlpSettingsFrom(env);
  if (settings === undefined) return undefined;
  if ('problem' in settings) {
    warn(settings.problem);
    return undefined;
  }
  return createOtlpExporter(settings, warn);
}

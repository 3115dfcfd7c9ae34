/**
 * Imports a hookwire module by its path under src/, or returns why it could not. The suite loads the code it
 * measures this way so that a missing or broken piece makes its own rows SKIP instead of stopping the run.
 */
export async function loadModule<Shape>(pathUnderSource: string): Promise<Shape | Error> {
  const url = new URL(`../../src/${pathUnderSource}`, import.meta.url);
  try {
    return (await import(url.href)) as Shape;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

export async function run(_argv: string[]): Promise<number> {
  throw new Error('not built yet');
}

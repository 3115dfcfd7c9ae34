/**
 * The value `table` holds under `key` itself, or undefined. A key from outside (a tool a model named, a field
 * of a host's payload, an event of a hooks file a repository carries) may be `constructor`, `toString` or
 * `__proto__`, which a plain `table[key]` answers with what every object inherits: a function, or the
 * prototype, taken for a row of the table.
 */
export function ownValue<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

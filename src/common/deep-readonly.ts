/**
 * `T` with every property and array readonly, all the way down: the read-only view of a type inferred from a
 * zod schema, without `.readonly()` on each object (which would also mark them `readOnly` in the JSON Schema).
 */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer Item)[]
    ? readonly DeepReadonly<Item>[]
    : T extends object
      ? { readonly [Key in keyof T]: DeepReadonly<T[Key]> }
      : T;

// Helpers over the generated row types (packages/schemas/src/database.types.ts).

/** T with the listed keys made non-null: for view rows, whose columns the generator always
 * marks nullable, where the view's definition guarantees a value. */
export type NonNullFields<T, K extends keyof T> = Omit<T, K> & { [P in K]: NonNullable<T[P]> };

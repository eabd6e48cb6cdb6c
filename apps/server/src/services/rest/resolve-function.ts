// Chooses the function an RPC call means: by name and the set of argument names (arguments
// with defaults may be left out), else a single unnamed json/jsonb parameter.
import { closestName } from './closest-name';
import { restErrors } from './rest-error';
import type { FunctionInfo, SchemaCache } from './schema-cache';

export interface ResolvedFunction {
  fn: FunctionInfo;
  /** The whole body is the one unnamed json/jsonb argument. */
  wholeBody: boolean;
}

function accepts(fn: FunctionInfo, keys: string[]): boolean {
  const names = fn.args.map((a) => a.name);
  if (!keys.every((k) => names.includes(k))) return false;
  return fn.args.every((a) => a.hasDefault || keys.includes(a.name));
}

const signature = (fn: FunctionInfo) =>
  `${fn.schema}.${fn.name}(${fn.args.map((a) => (a.name ? `${a.name} => ${a.type}` : a.type)).join(', ')})`;

export function resolveFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  bodyIsObject: boolean,
): ResolvedFunction {
  const all = [...cache.functions.values()].flat().filter((f) => f.schema === schema);
  const overloads = all.filter((f) => f.name === name);
  const named = bodyIsObject
    ? overloads.filter((f) => f.args.every((a) => a.name !== '' || a.hasDefault) && accepts(f, keys))
    : [];
  if (named.length === 1) return { fn: named[0]!, wholeBody: false };
  if (named.length > 1) throw restErrors.ambiguousFunction(named.map(signature));
  const single = overloads.filter(
    (f) =>
      f.args.length === 1 &&
      f.args[0]!.name === '' &&
      (f.args[0]!.type === 'json' || f.args[0]!.type === 'jsonb'),
  );
  if (single.length === 1) return { fn: single[0]!, wholeBody: true };
  if (single.length > 1) throw restErrors.ambiguousFunction(single.map(signature));

  const sorted = [...keys].sort();
  const qualifiedName = `${schema}.${name}`;
  const message =
    sorted.length === 0
      ? `Could not find the function ${qualifiedName} without parameters in the schema cache`
      : `Could not find the function ${qualifiedName}(${sorted.join(', ')}) in the schema cache`;
  const details =
    sorted.length === 0
      ? `Searched for the function ${qualifiedName} without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`
      : `Searched for the function ${qualifiedName} with parameters ${sorted.join(', ')} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`;
  const near = overloads.length > 0 ? undefined : closestName(name, new Set(all.map((f) => f.name)));
  throw restErrors.functionNotFound(
    message,
    details,
    near ? `Perhaps you meant to call the function ${schema}.${near}` : null,
  );
}

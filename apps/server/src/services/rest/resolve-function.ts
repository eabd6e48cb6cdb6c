// Chooses the function an RPC call means, as PostgREST does: by name and the set of argument
// names (arguments with defaults may be left out; an unnamed parameter is the key ""), else a
// single unnamed json/jsonb parameter taking the whole body, or — for a text/plain or text/xml
// body — a single unnamed text or xml parameter taking the raw body.
import { closestName } from './closest-name';
import { restErrors } from './rest-error';
import type { FunctionInfo, SchemaCache } from './schema-cache';

export interface ResolvedFunction {
  fn: FunctionInfo;
  /** The whole body is the one unnamed argument. */
  wholeBody: boolean;
}

/** Types a single unnamed parameter may have for PostgREST to expose the function. */
const unnamedTypes = new Set(['json', 'jsonb', 'text', 'xml', 'bytea']);

/** The raw body types that go whole into a single unnamed parameter of that type. */
const rawBodyTypes: Record<string, string> = { 'text/plain': 'text', 'text/xml': 'xml' };

/** All parameters named, or one unnamed parameter of a type PostgREST passes a body to. */
function callable(fn: FunctionInfo): boolean {
  if (fn.args.every((a) => a.name !== '')) return true;
  return fn.args.length === 1 && unnamedTypes.has(fn.args[0]!.type);
}

function accepts(fn: FunctionInfo, keys: string[]): boolean {
  const names = fn.args.map((a) => a.name);
  if (!keys.every((k) => names.includes(k))) return false;
  return fn.args.every((a) => a.hasDefault || keys.includes(a.name));
}

const signature = (fn: FunctionInfo) =>
  `${fn.schema}.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`;

/** PostgREST lists candidates by their number of parameters, then by their signature. */
function ambiguous(candidates: FunctionInfo[]): never {
  const sorted = [...candidates].sort(
    (a, b) => a.args.length - b.args.length || (signature(a) < signature(b) ? -1 : 1),
  );
  throw restErrors.ambiguousFunction(sorted.map(signature));
}

export function resolveFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  body: { isObject: boolean; rawType?: string },
): ResolvedFunction {
  const all = [...cache.functions.values()].flat().filter((f) => f.schema === schema);
  const overloads = all.filter((f) => f.name === name && callable(f));
  const rawType = body.rawType ? rawBodyTypes[body.rawType] : undefined;
  if (rawType) {
    const raw = overloads.filter(
      (f) => f.args.length === 1 && f.args[0]!.name === '' && f.args[0]!.type === rawType,
    );
    if (raw.length === 1) return { fn: raw[0]!, wholeBody: true };
  }
  const named = body.isObject ? overloads.filter((f) => accepts(f, keys)) : [];
  if (named.length === 1) return { fn: named[0]!, wholeBody: false };
  if (named.length > 1) ambiguous(named);
  const single = overloads.filter(
    (f) =>
      f.args.length === 1 &&
      f.args[0]!.name === '' &&
      (f.args[0]!.type === 'json' || f.args[0]!.type === 'jsonb'),
  );
  if (single.length === 1 && !rawType) return { fn: single[0]!, wholeBody: true };
  if (single.length > 1 && !rawType) ambiguous(single);

  const sorted = [...keys].sort();
  const qualifiedName = `${schema}.${name}`;
  const message =
    sorted.length === 0
      ? `Could not find the function ${qualifiedName} without parameters in the schema cache`
      : `Could not find the function ${qualifiedName}(${sorted.join(', ')}) in the schema cache`;
  const searched =
    sorted.length === 0
      ? 'without parameters'
      : `with parameter${sorted.length === 1 ? '' : 's'} ${sorted.join(', ')}`;
  const details = `Searched for the function ${qualifiedName} ${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`;
  const near =
    overloads.length > 0 ? undefined : closestName(name, new Set(all.filter(callable).map((f) => f.name)));
  throw restErrors.functionNotFound(
    message,
    details,
    near ? `Perhaps you meant to call the function ${schema}.${near}` : null,
  );
}

// Relationship discovery for embedding: many-to-one and one-to-one through a foreign key
// on the parent, one-to-many and one-to-one through a key on the child, many-to-many
// through a junction table; narrowed by a hint and refused when none or several remain.
import { restErrors } from './rest-error';
import { findRelation, type ForeignKeyInfo, type RelationInfo, type SchemaCache } from './schema-cache';

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Relationship {
  cardinality: Cardinality;
  target: RelationInfo;
  /** Column pairs [parent column, target column] for direct relationships. */
  pairs: [string, string][];
  junction:
    | {
        relation: RelationInfo;
        /** [junction column, parent column] and [junction column, target column]. */
        parentPairs: [string, string][];
        targetPairs: [string, string][];
        parentKey: ForeignKeyInfo;
        targetKey: ForeignKeyInfo;
      }
    | undefined;
  key: ForeignKeyInfo;
  toOne: boolean;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
const isUnique = (rel: RelationInfo, cols: string[]) => rel.uniqueKeys.some((k) => sameSet(k, cols));
const covered = (rel: RelationInfo, cols: string[]) =>
  rel.uniqueKeys.some((k) => cols.every((c) => k.includes(c)));
const zip = (a: string[], b: string[]): [string, string][] => a.map((x, i) => [x, b[i] ?? '']);

function direct(cache: SchemaCache, parent: RelationInfo, target: RelationInfo): Relationship[] {
  const out: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    if (
      fk.schema === parent.schema &&
      fk.table === parent.name &&
      fk.refSchema === target.schema &&
      fk.refTable === target.name
    ) {
      const oneToOne = isUnique(parent, fk.columns);
      out.push({
        cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
        target,
        pairs: zip(fk.columns, fk.refColumns),
        junction: undefined,
        key: fk,
        toOne: true,
      });
    }
    if (
      fk.schema === target.schema &&
      fk.table === target.name &&
      fk.refSchema === parent.schema &&
      fk.refTable === parent.name
    ) {
      const oneToOne = isUnique(target, fk.columns);
      out.push({
        cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
        target,
        pairs: zip(fk.refColumns, fk.columns),
        junction: undefined,
        key: fk,
        toOne: oneToOne,
      });
    }
  }
  return out;
}

function manyToMany(cache: SchemaCache, parent: RelationInfo, target: RelationInfo): Relationship[] {
  const out: Relationship[] = [];
  const bySource = new Map<string, ForeignKeyInfo[]>();
  for (const fk of cache.foreignKeys) {
    const k = `${fk.schema}.${fk.table}`;
    bySource.set(k, [...(bySource.get(k) ?? []), fk]);
  }
  for (const [, keys] of bySource) {
    const first = keys[0];
    if (!first) continue;
    const junction = findRelation(cache, first.schema, first.table);
    if (!junction || junction === parent || junction === target) continue;
    for (const toParent of keys) {
      if (toParent.refSchema !== parent.schema || toParent.refTable !== parent.name) continue;
      for (const toTarget of keys) {
        if (
          toTarget === toParent ||
          toTarget.refSchema !== target.schema ||
          toTarget.refTable !== target.name
        )
          continue;
        if (!covered(junction, [...toParent.columns, ...toTarget.columns])) continue;
        out.push({
          cardinality: 'many-to-many',
          target,
          pairs: [],
          junction: {
            relation: junction,
            parentPairs: zip(toParent.columns, toParent.refColumns),
            targetPairs: zip(toTarget.columns, toTarget.refColumns),
            parentKey: toParent,
            targetKey: toTarget,
          },
          key: toParent,
          toOne: false,
        });
      }
    }
  }
  return out;
}

function matchesHint(rel: Relationship, hint: string): boolean {
  if (rel.junction) {
    return (
      rel.junction.relation.name === hint ||
      rel.junction.parentKey.name === hint ||
      rel.junction.targetKey.name === hint
    );
  }
  const fk = rel.key;
  return fk.name === hint || (fk.columns.length === 1 && fk.columns[0] === hint);
}

const cols = (list: string[]) => `(${list.join(', ')})`;

function describe(parent: RelationInfo, rel: Relationship): Record<string, string> {
  const embedding = `${parent.name} with ${rel.target.name}`;
  if (rel.junction) {
    const j = rel.junction;
    return {
      cardinality: rel.cardinality,
      embedding,
      relationship: `${j.relation.name} using ${j.parentKey.name}${cols(j.parentKey.columns)} and ${j.targetKey.name}${cols(j.targetKey.columns)}`,
    };
  }
  return {
    cardinality: rel.cardinality,
    embedding,
    relationship: `${rel.key.name} using ${parent.name}${cols(rel.pairs.map((p) => p[0]))} and ${rel.target.name}${cols(rel.pairs.map((p) => p[1]))}`,
  };
}

/** Finds the one relationship an embed `name!hint` of `parent` refers to. */
export function findRelationship(
  cache: SchemaCache,
  parent: RelationInfo,
  name: string,
  hint: string | undefined,
): Relationship {
  const target = findRelation(cache, parent.schema, name);
  let candidates: Relationship[];
  if (target) {
    candidates = [...direct(cache, parent, target), ...manyToMany(cache, parent, target)];
  } else {
    // The target may also be named by a foreign-key column or constraint of the parent.
    candidates = cache.foreignKeys
      .filter(
        (fk) =>
          fk.schema === parent.schema &&
          fk.table === parent.name &&
          (fk.name === name || (fk.columns.length === 1 && fk.columns[0] === name)),
      )
      .flatMap((fk) => {
        const ref = findRelation(cache, fk.refSchema, fk.refTable);
        return ref ? direct(cache, parent, ref).filter((r) => r.key === fk && r.toOne) : [];
      });
  }
  if (hint !== undefined) candidates = candidates.filter((r) => matchesHint(r, hint));
  // A self-reference matches one key in both directions: a column hint names the
  // parent's own column (to-one), the constraint name the reverse direction (to-many).
  if (hint !== undefined && candidates.length === 2 && candidates[0]!.key === candidates[1]!.key) {
    const toOne = hint !== candidates[0]!.key.name;
    candidates = candidates.filter((r) => r.toOne === toOne);
  }
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0) {
    throw restErrors.noRelationship(parent.name, name, parent.schema, hint, null);
  }
  throw restErrors.ambiguousEmbed(
    parent.name,
    name,
    candidates.map((c) => describe(parent, c)),
    candidates.map((c) => `${name}!${c.junction ? c.junction.relation.name : c.key.name}`),
  );
}

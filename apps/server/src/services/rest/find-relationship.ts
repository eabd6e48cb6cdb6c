// Relationship discovery for embedding: many-to-one and one-to-one through a foreign key
// on the parent, one-to-many and one-to-one through a key on the child, many-to-many
// through a junction table; narrowed by a hint and refused when none or several remain.
import { closestName } from './closest-name';
import { restErrors } from './rest-error';
import {
  findFunctions,
  findRelation,
  type ForeignKeyInfo,
  type FunctionInfo,
  type RelationInfo,
  type SchemaCache,
} from './schema-cache';

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
  /** A computed relationship: a function taking the parent's row and returning target rows. */
  computed: FunctionInfo | undefined;
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
        computed: undefined,
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
        computed: undefined,
      });
    }
  }
  return out;
}

/** Foreign keys grouped by the table that holds them, computed once per cache. */
const groupedKeys = new WeakMap<SchemaCache, ForeignKeyInfo[][]>();

function keysBySource(cache: SchemaCache): ForeignKeyInfo[][] {
  let groups = groupedKeys.get(cache);
  if (!groups) {
    const bySource = new Map<string, ForeignKeyInfo[]>();
    for (const fk of cache.foreignKeys) {
      const k = `${fk.schema}\u0000${fk.table}`;
      const list = bySource.get(k) ?? [];
      list.push(fk);
      bySource.set(k, list);
    }
    groups = [...bySource.values()].filter((keys) => keys.length > 1);
    groupedKeys.set(cache, groups);
  }
  return groups;
}

function manyToMany(cache: SchemaCache, parent: RelationInfo, target: RelationInfo): Relationship[] {
  const out: Relationship[] = [];
  for (const keys of keysBySource(cache)) {
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
          computed: undefined,
        });
      }
    }
  }
  return out;
}

/** Functions f(parent_row) returning rows of a relation; ROWS 1 or a non-set result makes them to-one. */
function computedRelationships(cache: SchemaCache, parent: RelationInfo, name: string): Relationship[] {
  const rowType = [`${parent.schema}.${parent.name}`, parent.name, `"${parent.schema}"."${parent.name}"`];
  return findFunctions(cache, parent.schema, name).flatMap((fn): Relationship[] => {
    const arg = fn.args[0];
    if (fn.args.length !== 1 || !arg || !rowType.includes(arg.type) || !fn.returnRelation) return [];
    const target = findRelation(cache, fn.returnRelation.schema, fn.returnRelation.name);
    if (!target) return [];
    const toOne = !fn.returnsSet || fn.rows === 1;
    const key: ForeignKeyInfo = {
      name: fn.name,
      schema: parent.schema,
      table: parent.name,
      columns: [],
      refSchema: target.schema,
      refTable: target.name,
      refColumns: [],
    };
    return [
      {
        cardinality: toOne ? 'many-to-one' : 'one-to-many',
        target,
        pairs: [],
        junction: undefined,
        key,
        toOne,
        computed: fn,
      },
    ];
  });
}

function matchesHint(rel: Relationship, hint: string): boolean {
  if (rel.junction) {
    return (
      rel.junction.relation.name === hint ||
      rel.junction.parentKey.name === hint ||
      rel.junction.targetKey.name === hint
    );
  }
  // A constraint, or either column of a single-column key (clients!client_id, clients!id).
  const fk = rel.key;
  if (fk.name === hint) return true;
  return fk.columns.length === 1 && (fk.columns[0] === hint || fk.refColumns[0] === hint);
}

/** A foreign key from a table to itself, in either of the two directions it gives. */
function isSelfReference(rel: Relationship): boolean {
  const fk = rel.key;
  return (
    !rel.junction &&
    !rel.computed &&
    fk.schema === fk.refSchema &&
    fk.table === fk.refTable &&
    rel.target.schema === fk.schema &&
    rel.target.name === fk.table
  );
}

/** The direction from the row holding the key to the row it references (the parent). */
const towardsReferenced = (rel: Relationship) => rel.pairs.every(([p], i) => p === rel.key.columns[i]);

/**
 * PostgREST's convention for a self-reference, whose one key gives two relationships:
 * unhinted, the table's name means the rows pointing here (children:family_tree(*)) and the
 * key's column the row referenced (parent:parent_id(*)); a hint must name the key's column
 * and always means the rows pointing here (auditees:organizations!auditor(*)). A constraint
 * name (or any other name) matches neither direction.
 */
function selfReferenceMatches(
  rel: Relationship,
  name: string,
  byTable: boolean,
  hint: string | undefined,
): boolean {
  const column = rel.key.columns.length === 1 ? rel.key.columns[0] : undefined;
  const up = towardsReferenced(rel);
  if (hint === undefined) return byTable ? !up : up && column === name;
  return byTable && !up && column === hint;
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
  // A function of the parent's row named like the embed is what the name says.
  let candidates: Relationship[] = computedRelationships(cache, parent, name);
  if (candidates.length > 0) {
    if (hint === undefined)
      return candidates.length === 1 ? candidates[0]! : ambiguous(parent, name, candidates);
  } else if (target) {
    candidates = [...direct(cache, parent, target), ...manyToMany(cache, parent, target)];
  } else {
    // The target may also be named by a foreign-key column or constraint of the parent
    // (to-one), or by the constraint of a table referencing the parent (to-many).
    const toOne = cache.foreignKeys
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
    const toMany = cache.foreignKeys
      .filter(
        (fk) =>
          fk.name === name &&
          fk.refSchema === parent.schema &&
          fk.refTable === parent.name &&
          !(fk.schema === parent.schema && fk.table === parent.name),
      )
      .flatMap((fk) => {
        const child = findRelation(cache, fk.schema, fk.table);
        return child ? direct(cache, parent, child).filter((r) => r.key === fk) : [];
      });
    candidates = [...toOne, ...toMany];
    // Views over the referenced table carry the same key; the table itself is what a column
    // or constraint name means, as in PostgREST.
    if (candidates.some((r) => r.target.kind !== 'view'))
      candidates = candidates.filter((r) => r.target.kind !== 'view');
  }
  const byTable = target !== undefined && target.schema === parent.schema && target.name === name;
  candidates = candidates.filter((r) =>
    isSelfReference(r)
      ? selfReferenceMatches(r, name, byTable, hint)
      : hint === undefined || matchesHint(r, hint),
  );
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0) {
    const near = target ? undefined : closestName(name, relatedNames(cache, parent));
    throw restErrors.noRelationship(
      parent.name,
      name,
      parent.schema,
      hint,
      near ? `Perhaps you meant '${near}' instead of '${name}'.` : null,
    );
  }
  return ambiguous(parent, name, candidates);
}

/** The relations the parent has a foreign key to or from: what a misspelt embed may have meant. */
function relatedNames(cache: SchemaCache, parent: RelationInfo): Set<string> {
  const names = new Set<string>();
  for (const fk of cache.foreignKeys) {
    if (fk.schema === parent.schema && fk.table === parent.name) names.add(fk.refTable);
    if (fk.refSchema === parent.schema && fk.refTable === parent.name) names.add(fk.table);
  }
  return names;
}

function ambiguous(parent: RelationInfo, name: string, candidates: Relationship[]): never {
  throw restErrors.ambiguousEmbed(
    parent.name,
    name,
    candidates.map((c) => describe(parent, c)),
    candidates.map((c) => `${name}!${c.junction ? c.junction.relation.name : c.key.name}`),
  );
}

// The build stage for reads: the select list, lateral joins for embeds, filters, order and
// paging of one node, recursively. Postgres renders every embed as JSON itself.
import type { Condition } from './api-request';
import { conditionSql, fieldSql, orderSql } from './build-filter-sql';
import { outputName } from './parse-field';
import type { PlanNode, PlannedEmbed } from './plan-read';
import { ident, qualified, type SqlParams } from './sql-text';

export interface NodeParts {
  list: string[];
  joins: string[];
  where: string[];
  groupBy: string[];
  /** Whether the node's own select list aggregates (with or without grouping columns). */
  aggregated: boolean;
  orderBy: string;
}

/** The name under which a to-one spread hands its i-th item, an aggregate's input, to its parent. */
const hoistedInput = (index: number) => ident(`pgrst_a${index}`);

/**
 * Whether a spread's aggregates belong to its parent: PostgREST treats a to-one spread's
 * columns as the parent's own, so `...customers(joined_date.max())` aggregates over the
 * parent's groups, not over the one joined row.
 */
function hoistsAggregates(embed: PlannedEmbed): boolean {
  return embed.spread && embed.rel.toOne && embed.node.items.some((item) => item.kind === 'aggregate');
}

/**
 * The select list of a node and its GROUP BY. `hoisting` (a to-one spread whose aggregates
 * its parent computes) selects each aggregate's input under hoistedInput(i) instead.
 */
function itemsSql(
  node: PlanNode,
  params: SqlParams,
  hoisting = false,
): { list: string[]; groupBy: string[]; aggregated: boolean } {
  const list: string[] = [];
  const plain: string[] = [];
  let aggregated = node.embeds.some(hoistsAggregates);
  node.items.forEach((item, index) => {
    if (item.kind === 'aggregate' && hoisting) {
      if (item.field)
        list.push(`${fieldSql(node.ref, node.relation, item.field, params)} as ${hoistedInput(index)}`);
      return;
    }
    if (item.kind === 'star') {
      list.push(`${node.ref}.*`);
      plain.push(`${node.ref}.*`);
    } else if (item.kind === 'column') {
      const base = fieldSql(node.ref, node.relation, item.field, params);
      const expr = item.cast ? `(${base})::${item.cast}` : base;
      list.push(`${expr} as ${ident(item.alias ?? outputName(item.field))}`);
      plain.push(expr);
    } else if (item.kind === 'aggregate') {
      aggregated = true;
      const arg = item.field ? fieldSql(node.ref, node.relation, item.field, params) : '*';
      const expr = item.cast ? `${item.fn}(${arg})::${item.cast}` : `${item.fn}(${arg})`;
      list.push(`${expr} as ${ident(item.alias ?? item.fn)}`);
    }
  });
  for (const embed of node.embeds) {
    // An empty embed, name(), only filters its parent and adds no key.
    if (!embed.countOnly && embed.node.items.length === 0 && embed.node.embeds.length === 0) continue;
    if (aggregated) {
      // Beside an aggregate, an embed is one more grouping key, as in PostgREST: a spread's
      // columns as they are, an embedded body by its text (json has no equality).
      if (hoistsAggregates(embed)) {
        hoistedSpread(embed, list, plain);
        continue;
      }
      if (embed.spread) {
        for (const key of spreadKeys(embed.node)) {
          const column = `${embed.joinRef}.${ident(key)}`;
          // A to-many spread's keys are json arrays, grouped by their text.
          const grouped = embed.rel.toOne ? column : `${column}::text`;
          plain.push(grouped);
          list.push(embed.rel.toOne ? column : `(${grouped})::json as ${ident(key)}`);
        }
        continue;
      }
      const body = `${embed.joinRef}."pgrst_body"::text`;
      plain.push(body);
      list.push(
        embed.rel.toOne
          ? `(${body})::json as ${ident(embed.outputName)}`
          : `coalesce((${body})::json, '[]'::json) as ${ident(embed.outputName)}`,
      );
      continue;
    }
    if (embed.spread) list.push(`${embed.joinRef}.*`);
    else if (embed.rel.toOne) list.push(`${embed.joinRef}."pgrst_body" as ${ident(embed.outputName)}`);
    else list.push(`coalesce(${embed.joinRef}."pgrst_body", '[]'::json) as ${ident(embed.outputName)}`);
  }
  return { list, groupBy: aggregated ? plain : [], aggregated };
}

/** A to-one spread's keys in its parent: its aggregates computed here, its other keys grouped by. */
function hoistedSpread(embed: PlannedEmbed, list: string[], plain: string[]): void {
  const aggregates = new Map<string, string>();
  embed.node.items.forEach((item, index) => {
    if (item.kind !== 'aggregate') return;
    const arg = item.field ? `${embed.joinRef}.${hoistedInput(index)}` : '*';
    const expr = item.cast ? `${item.fn}(${arg})::${item.cast}` : `${item.fn}(${arg})`;
    aggregates.set(item.alias ?? item.fn, expr);
  });
  for (const key of spreadKeys(embed.node)) {
    const aggregate = aggregates.get(key);
    if (aggregate) {
      list.push(`${aggregate} as ${ident(key)}`);
      continue;
    }
    const column = `${embed.joinRef}.${ident(key)}`;
    plain.push(column);
    list.push(column);
  }
}

/** The keys a node's select list produces, in order (a spread contributes its own). */
function spreadKeys(node: PlanNode): string[] {
  const keys: string[] = [];
  for (const item of node.items) {
    if (item.kind === 'star') keys.push(...node.relation.columns.map((c) => c.name));
    else if (item.kind === 'column') keys.push(item.alias ?? outputName(item.field));
    else if (item.kind === 'aggregate') keys.push(item.alias ?? item.fn);
  }
  for (const embed of node.embeds) {
    if (!embed.countOnly && embed.node.items.length === 0 && embed.node.embeds.length === 0) continue;
    if (embed.spread) keys.push(...spreadKeys(embed.node));
    else keys.push(embed.outputName);
  }
  return keys;
}

function joinConditions(parent: PlanNode, embed: PlannedEmbed): { from: string; where: string[] } {
  const child = embed.node;
  const target = qualified(child.relation.schema, child.relation.name);
  if (embed.rel.computed) {
    const fn = embed.rel.computed;
    return { from: `${qualified(fn.schema, fn.name)}(${parent.ref}) as ${child.ref}`, where: [] };
  }
  const j = embed.rel.junction;
  if (!j) {
    return {
      from: `${target} as ${child.ref}`,
      where: embed.rel.pairs.map(([p, t]) => `${child.ref}.${ident(t)} = ${parent.ref}.${ident(p)}`),
    };
  }
  const jRef = embed.junctionRef;
  return {
    from: `${target} as ${child.ref}, ${qualified(j.relation.schema, j.relation.name)} as ${jRef}`,
    where: [
      ...j.parentPairs.map(([jc, pc]) => `${jRef}.${ident(jc)} = ${parent.ref}.${ident(pc)}`),
      ...j.targetPairs.map(([jc, tc]) => `${jRef}.${ident(jc)} = ${child.ref}.${ident(tc)}`),
    ],
  };
}

function whereClause(where: string[]): string {
  return where.length > 0 ? ` where ${where.join(' and ')}` : '';
}

function pagingClause(limit: number | undefined, offset: number | undefined): string {
  return `${limit !== undefined ? ` limit ${Math.max(0, Math.trunc(limit))}` : ''}${offset ? ` offset ${Math.max(0, Math.trunc(offset))}` : ''}`;
}

function embedJoin(parent: PlanNode, embed: PlannedEmbed, params: SqlParams): string {
  const child = embed.node;
  const { from, where } = joinConditions(parent, embed);
  const parts = nodeParts(child, params);
  const allWhere = whereClause([...where, ...parts.where]);
  const joins = parts.joins.join(' ');
  const group = parts.groupBy.length > 0 ? ` group by ${parts.groupBy.join(', ')}` : '';
  const order = parts.orderBy ? ` order by ${parts.orderBy}` : '';
  const lateral = embed.joinType === 'inner' ? 'inner join lateral' : 'left join lateral';
  if (embed.countOnly) {
    const inner = `select count(*) as "count" from ${from} ${joins}${allWhere}`;
    return `${lateral} (select json_agg(pgrst_r) as "pgrst_body" from (${inner}) as pgrst_r) as ${embed.joinRef} on true`;
  }
  if (embed.spread && !embed.rel.toOne) {
    // A to-many spread: each of the child's keys becomes an array in the parent.
    const paging = pagingClause(child.mods.limit, child.mods.offset);
    const inner = `select ${parts.list.join(', ')} from ${from} ${joins}${allWhere}${group}${order}${paging}`;
    const arrays = spreadKeys(child).map(
      (k) => `coalesce(json_agg(pgrst_r.${ident(k)}), '[]'::json) as ${ident(k)}`,
    );
    const having = embed.joinType === 'inner' ? ' having count(*) > 0' : '';
    return `${lateral} (select ${arrays.join(', ')} from (${inner}) as pgrst_r${having}) as ${embed.joinRef} on true`;
  }
  if (hoistsAggregates(embed)) {
    // The parent aggregates: hand it the joined row's inputs, ungrouped.
    const { list } = itemsSql(child, params, true);
    const columns = list.length > 0 ? list.join(', ') : 'null as "pgrst_none"';
    const inner = `select ${columns} from ${from} ${joins}${allWhere}${order}`;
    return `${lateral} (${inner}) as ${embed.joinRef} on true`;
  }
  if (embed.spread) {
    const inner = `select ${parts.list.join(', ')} from ${from} ${joins}${allWhere}${group}${order}`;
    return `${lateral} (${inner}) as ${embed.joinRef} on true`;
  }
  if (embed.rel.toOne && parts.aggregated) {
    // Aggregates in a to-one embed: its row is grouped on its own, per parent row; with no
    // grouping column the aggregate is over the (at most one) joined row, as in PostgREST.
    const inner = `select ${parts.list.join(', ')} from ${from} ${joins}${allWhere}${group}`;
    const on = embed.joinType === 'inner' ? `${embed.joinRef}."pgrst_body" is not null` : 'true';
    return `${lateral} (select row_to_json(pgrst_r) as "pgrst_body" from (${inner}) as pgrst_r) as ${embed.joinRef} on ${on}`;
  }
  if (embed.rel.toOne) {
    const row = `(select row_to_json(pgrst_r) from (select ${parts.list.join(', ')}) as pgrst_r) as "pgrst_body"`;
    const inner = `select ${row}, ${child.ref}.* from ${from} ${joins}${allWhere}${order}`;
    return `${lateral} (${inner}) as ${embed.joinRef} on true`;
  }
  const paging = pagingClause(child.mods.limit, child.mods.offset);
  const inner = `select ${parts.list.join(', ')} from ${from} ${joins}${allWhere}${group}${order}${paging}`;
  const on = embed.joinType === 'inner' ? `${embed.joinRef}."pgrst_body" is not null` : 'true';
  return `${lateral} (select json_agg(pgrst_r) as "pgrst_body" from (${inner}) as pgrst_r) as ${embed.joinRef} on ${on}`;
}

/** The pieces of one node's query; the caller adds FROM, the join conditions and paging. */
export function nodeParts(node: PlanNode, params: SqlParams): NodeParts {
  const { list, groupBy, aggregated } = itemsSql(node, params);
  const joins = node.embeds.map((e) => embedJoin(node, e, params));
  const where = node.mods.conditions.map((c) => conditionSql(node, c, params));
  const orderBy = node.mods.order ? orderSql(node, node.mods.order, params) : '';
  return { list, joins, where, groupBy, aggregated, orderBy };
}

export interface RootQuery {
  /** SELECT … FROM … WHERE … ORDER BY … LIMIT … OFFSET … */
  select: string;
  /**
   * SELECT 1 FROM … WHERE … for counting the filtered set, with only the joins that can
   * change the row count (inner embeds and embeds filtered with is.null). It runs beside
   * `select`, which references every parameter.
   */
  count: string;
  /** The select without paging, for EXPLAIN (it references every parameter itself). */
  full: string;
}

function mentions(conditions: Condition[], name: string): boolean {
  return conditions.some((c) =>
    c.kind === 'tree' ? mentions(c.children, name) : c.field.path.length === 0 && c.field.name === name,
  );
}

/** The root node's query over `from` (a relation, a function call or a write's rows). */
export function buildRootQuery(
  root: PlanNode,
  from: string,
  params: SqlParams,
  paging: { limit: number | undefined; offset: number | undefined },
): RootQuery {
  const parts = nodeParts(root, params);
  const joins = parts.joins.join(' ');
  const countJoins = root.embeds
    .map((e, i) =>
      e.joinType === 'inner' || mentions(root.mods.conditions, e.outputName) ? parts.joins[i] : '',
    )
    .filter((j) => j)
    .join(' ');
  const where = whereClause(parts.where);
  const group = parts.groupBy.length > 0 ? ` group by ${parts.groupBy.join(', ')}` : '';
  const order = parts.orderBy ? ` order by ${parts.orderBy}` : '';
  const list = parts.list.join(', ');
  return {
    select: `select ${list} from ${from} ${joins}${where}${group}${order}${pagingClause(paging.limit, paging.offset)}`,
    count: `select 1 from ${from} ${countJoins}${where}${group}`,
    full: `select ${list} from ${from} ${joins}${where}${group}${order}`,
  };
}

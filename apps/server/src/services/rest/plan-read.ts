// The plan stage for reads: resolves every embed of the select tree to a relationship,
// attaches each node's filters, order and paging, and refuses modifiers on embeds that
// are not in the select.
import type { NodeModifiers, SelectItem } from './api-request';
import { findRelationship, type Relationship } from './find-relationship';
import { restErrors } from './rest-error';
import { ident } from './sql-text';
import type { RelationInfo, SchemaCache } from './schema-cache';

export interface PlanNode {
  relation: RelationInfo;
  /** The node's SQL alias, already quoted. */
  ref: string;
  items: SelectItem[];
  embeds: PlannedEmbed[];
  mods: NodeModifiers;
}

export interface PlannedEmbed {
  node: PlanNode;
  rel: Relationship;
  /** The key in the parent's JSON (alias, else name). */
  outputName: string;
  joinType: 'inner' | 'left';
  spread: boolean;
  /** The alias of the lateral join that carries the embed's body, quoted. */
  joinRef: string;
  /** The alias of a many-to-many embed's junction table, quoted. */
  junctionRef: string;
  /** name(count): the related rows' count instead of the rows. */
  countOnly: boolean;
}

/**
 * An embed's SQL alias: its name and a number, as PostgREST's aliases read, so a database
 * error about it names the embed as the client wrote it; internal names only where that
 * could clash (a very long name, or the root's own alias).
 */
function embedRef(name: string, counter: number, rootRef: string): string {
  const readable = ident(`${name}_${counter}`);
  return name.length <= 48 && readable !== rootRef ? readable : `"pgrst_e${counter}"`;
}

const emptyMods = (): NodeModifiers => ({
  conditions: [],
  order: undefined,
  limit: undefined,
  offset: undefined,
});

export function planRead(
  cache: SchemaCache,
  relation: RelationInfo,
  rootRef: string,
  items: SelectItem[],
  nodes: Map<string, NodeModifiers>,
  aggregatesEnabled: boolean,
): PlanNode {
  let counter = 0;
  const used = new Set<string>();
  // count() items this planner wrote for name(count) on a to-one embed: not the client's aggregate.
  const implicitCounts = new WeakSet<SelectItem>();
  const build = (rel: RelationInfo, ref: string, selectItems: SelectItem[], path: string[]): PlanNode => {
    const key = path.join('.');
    used.add(key);
    const node: PlanNode = { relation: rel, ref, items: [], embeds: [], mods: nodes.get(key) ?? emptyMods() };
    const embedNames = new Set<string>();
    for (const item of selectItems) {
      if (item.kind === 'aggregate' && !aggregatesEnabled && !implicitCounts.has(item))
        throw restErrors.aggregatesDisabled();
      if (item.kind !== 'embed') {
        node.items.push(item);
        continue;
      }
      const relationship = findRelationship(cache, rel, item.name, item.hint);
      counter++;
      const outputName = item.alias ?? item.name;
      // Two embeds answering under one key would be one lateral alias twice in PostgREST.
      if (!item.spread && embedNames.has(outputName))
        throw restErrors.duplicateEmbed(`${rel.name}_${outputName}_${path.length + 1}`);
      if (!item.spread) embedNames.add(outputName);
      const childPath = [...path, outputName];
      if (item.alias !== undefined) {
        // Modifiers may address an aliased embed by its table name too.
        const byName = [...path, item.name].join('.');
        const byAlias = childPath.join('.');
        const extra = nodes.get(byName);
        if (extra && !nodes.has(byAlias)) {
          nodes.set(byAlias, extra);
          used.add(byName);
        }
      }
      const only = item.items[0];
      const bareCount =
        item.items.length === 1 &&
        only?.kind === 'column' &&
        only.field.name === 'count' &&
        only.field.path.length === 0 &&
        !relationship.target.columns.some((c) => c.name === 'count');
      const countOnly = bareCount && !relationship.toOne;
      // name(count) on a to-one embed is count() over its joined row ({"count": 1}), as in
      // PostgREST; like the to-many form it works whether or not aggregates are enabled.
      let childItems = countOnly ? [] : item.items;
      if (bareCount && !countOnly && !item.spread) {
        const count: SelectItem = {
          kind: 'aggregate',
          fn: 'count',
          field: undefined,
          alias: undefined,
          cast: only.cast,
        };
        implicitCounts.add(count);
        childItems = [count];
      }
      node.embeds.push({
        node: build(relationship.target, embedRef(item.name, counter, rootRef), childItems, childPath),
        rel: relationship,
        outputName,
        joinType: item.joinType ?? 'left',
        spread: item.spread,
        joinRef: `"pgrst_j${counter}"`,
        junctionRef: `"pgrst_m${counter}"`,
        countOnly,
      });
    }
    return node;
  };
  const root = build(relation, rootRef, items, []);
  for (const [key, mods] of nodes) {
    if (used.has(key)) continue;
    const empty =
      mods.conditions.length === 0 &&
      mods.order === undefined &&
      mods.limit === undefined &&
      mods.offset === undefined;
    if (!empty) throw restErrors.notEmbedded(key.split('.').pop() ?? key);
  }
  return root;
}

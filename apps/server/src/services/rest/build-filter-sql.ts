// SQL for field references (with JSON paths), filters, logic trees and order terms. Values
// are always bind parameters; Postgres infers their type from the column they meet.
import type { Condition, FieldRef, Operation, OrderTerm } from './api-request';
import type { PlanNode } from './plan-read';
import { restErrors } from './rest-error';
import type { RelationInfo } from './schema-cache';
import { ident, type SqlParams } from './sql-text';

const simple: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  isdistinct: 'is distinct from',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const tsFunctions: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

const jsonTypes = new Set(['json', 'jsonb']);

/** A column with its JSON path; non-JSON columns go through to_jsonb() as PostgREST does. */
export function fieldSql(
  ref: string,
  relation: RelationInfo | undefined,
  field: FieldRef,
  params: SqlParams,
): string {
  const column = `${ref}.${ident(field.name)}`;
  if (field.path.length === 0) return column;
  const udt = relation?.columns.find((c) => c.name === field.name)?.udt;
  let out = udt === undefined || jsonTypes.has(udt) ? column : `to_jsonb(${column})`;
  for (const step of field.path) {
    const key = step.index ? `${params.add(step.key)}::int` : params.text(step.key);
    out = `${out}${step.arrow}${key}`;
  }
  return `(${out})`;
}

function likePattern(value: string): string {
  return value.replace(/\*/g, '%');
}

function operationSql(lhs: string, op: Operation, params: SqlParams, columnUdt: string | undefined): string {
  const { operator } = op;
  let sql: string;
  if (operator === 'is') {
    const v = op.value.toLowerCase();
    sql = v === 'not_null' ? `${lhs} is not null` : `${lhs} is ${v}`;
  } else if (operator === 'in') {
    const list = op.list ?? [];
    sql = list.length === 0 ? 'false' : `${lhs} in (${list.map((v) => params.add(v)).join(', ')})`;
  } else if (Object.hasOwn(tsFunctions, operator)) {
    const config = op.language === undefined ? '' : `${params.add(op.language)}::regconfig, `;
    const vector = columnUdt === 'tsvector' ? lhs : `to_tsvector(${config}${lhs})`;
    sql = `${vector} @@ ${tsFunctions[operator]}(${config}${params.text(op.value)})`;
  } else {
    const sqlOp = Object.hasOwn(simple, operator) ? simple[operator] : undefined;
    if (sqlOp === undefined)
      throw restErrors.parse(`"failed to parse filter (${operator})" (line 1, column 1)`, 'unknown operator');
    const isLike = operator === 'like' || operator === 'ilike';
    if (op.modifier) {
      const value = isLike ? likePattern(op.value) : op.value;
      sql = `${lhs} ${sqlOp} ${op.modifier}(${params.add(value)})`;
    } else if (isLike) {
      sql = `${lhs} ${sqlOp} ${params.text(likePattern(op.value))}`;
    } else if (operator === 'match' || operator === 'imatch') {
      sql = `${lhs} ${sqlOp} ${params.text(op.value)}`;
    } else {
      sql = `${lhs} ${sqlOp} ${params.add(op.value)}`;
    }
  }
  return op.negated ? `not (${sql})` : sql;
}

export function conditionSql(node: PlanNode, condition: Condition, params: SqlParams): string {
  if (condition.kind === 'tree') {
    const parts = condition.children.map((c) => conditionSql(node, c, params));
    const joined = parts.length === 0 ? 'true' : `(${parts.join(condition.op === 'and' ? ' and ' : ' or ')})`;
    return condition.negated ? `not ${joined}` : joined;
  }
  const { field, operation } = condition;
  const embed =
    field.path.length === 0 ? node.embeds.find((e) => e.outputName === field.name && !e.spread) : undefined;
  if (embed && !node.relation.columns.some((c) => c.name === field.name)) {
    const v = operation.value.toLowerCase();
    if (operation.operator !== 'is' || (v !== 'null' && v !== 'not_null'))
      throw restErrors.embedOperator(field.name);
    const isNull = (v === 'null') !== operation.negated;
    return `${embed.joinRef}."pgrst_body" is ${isNull ? '' : 'not '}null`;
  }
  const udt =
    field.path.length === 0 ? node.relation.columns.find((c) => c.name === field.name)?.udt : undefined;
  return operationSql(fieldSql(node.ref, node.relation, field, params), operation, params, udt);
}

export function orderSql(node: PlanNode, terms: OrderTerm[], params: SqlParams): string {
  return terms
    .map((term) => {
      let expr: string;
      if (term.relation !== undefined) {
        const embed = node.embeds.find((e) => e.outputName === term.relation);
        if (!embed) throw restErrors.notEmbedded(term.relation);
        if (!embed.rel.toOne || embed.spread) throw restErrors.orderToMany(node.relation.name, term.relation);
        expr = fieldSql(embed.joinRef, embed.node.relation, term.field, params);
      } else {
        expr = fieldSql(node.ref, node.relation, term.field, params);
      }
      const dir = term.direction ? ` ${term.direction}` : '';
      const nulls = term.nulls ? ` nulls ${term.nulls}` : '';
      return `${expr}${dir}${nulls}`;
    })
    .join(', ');
}

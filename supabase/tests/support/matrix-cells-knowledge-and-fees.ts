// RLS matrix cells of the knowledge base and of group fee invoicing (migrations
// 20261122120100 and 20261122120200). Read by ../rls-matrix.test.ts with the other cells.
import { adminsA, everyActor, everyoneInA, only, q, type Cell } from './rls-matrix-cells';

export const knowledgeBaseAndFeeCells: Cell[] = [
  {
    target: 'kb_articles (published, public)',
    op: 'select',
    sql: q('select id from kb_articles where id = $1', (i) => [i.kbPublicArticle]),
    allowed: everyActor,
  },
  {
    target: 'kb_articles (published, members)',
    op: 'select',
    sql: q('select id from kb_articles where id = $1', (i) => [i.kbMembersArticle]),
    allowed: everyoneInA,
  },
  {
    target: 'kb_articles (published, admins)',
    op: 'select',
    sql: q('select id from kb_articles where id = $1', (i) => [i.kbAdminsArticle]),
    allowed: adminsA,
  },
  {
    target: 'kb_articles (draft)',
    op: 'select',
    sql: q('select id from kb_articles where id = $1', (i) => [i.kbDraftArticle]),
    allowed: only('knowledge_baseAdminA'),
  },
  {
    target: 'kb_articles',
    op: 'insert',
    sql: q(
      `insert into kb_articles (community_id, slug, title) values ($1, 'ny-artikel', 'Ny artikel') returning id`,
      (i) => [i.a],
    ),
    allowed: only('knowledge_baseAdminA'),
  },
  {
    target: 'kb_articles',
    op: 'update',
    sql: q(`update kb_articles set title = 'Nyt navn' where id = $1 returning id`, (i) => [
      i.kbPublicArticle,
    ]),
    allowed: only('knowledge_baseAdminA'),
  },
  {
    target: 'kb_articles',
    op: 'delete',
    sql: q('delete from kb_articles where id = $1 returning id', (i) => [i.kbMembersArticle]),
    allowed: only('knowledge_baseAdminA'),
  },
  {
    target: 'kb_categories (with a public article)',
    op: 'select',
    sql: q('select id from kb_categories where id = $1', (i) => [i.kbCategory]),
    allowed: everyActor,
  },
  {
    target: 'kb_categories',
    op: 'insert',
    sql: q(`insert into kb_categories (community_id, name) values ($1, 'Booking') returning id`, (i) => [
      i.a,
    ]),
    allowed: only('knowledge_baseAdminA'),
  },
  {
    target: 'kb_categories',
    op: 'update',
    sql: q(`update kb_categories set name = 'Kontingent' where id = $1 returning id`, (i) => [i.kbCategory]),
    allowed: only('knowledge_baseAdminA'),
  },
  {
    target: 'kb_categories',
    op: 'delete',
    sql: q('delete from kb_categories where id = $1 returning id', (i) => [i.kbCategory]),
    allowed: only('knowledge_baseAdminA'),
  },
  {
    target: 'search_kb_articles() (members article)',
    op: 'call',
    sql: q(`select id from search_kb_articles($1, 'medlemmer')`, (i) => [i.a]),
    allowed: everyoneInA,
  },
  {
    target: 'group_fee_charges',
    op: 'select',
    sql: q('select id from group_fee_charges where id = $1', (i) => [i.groupFeeCharge]),
    allowed: only('billingAdminA', 'groupAdminA'),
  },
  {
    target: 'group_fee_charges',
    op: 'insert',
    sql: q(
      `insert into group_fee_charges (community_id, group_id, member_id, group_member_id, period_start, invoice_id, amount_ore)
       select community_id, group_id, member_id, group_member_id, period_start + 400, invoice_id, 1
       from group_fee_charges where id = $1 returning id`,
      (i) => [i.groupFeeCharge],
    ),
    allowed: only(),
  },
  {
    target: 'group_fee_charges',
    op: 'delete',
    sql: q('delete from group_fee_charges where id = $1 returning id', (i) => [i.groupFeeCharge]),
    allowed: only('billingAdminA'),
  },
  {
    target: 'invoice_group_fees()',
    op: 'call',
    sql: q(`select invoice_id from invoice_group_fees($1, (current_date + 40)::date)`, (i) => [i.a]),
    allowed: only('billingAdminA'),
  },
];

// Demo activity in one community: tags, groups and their members, a season of events with
// ticket sales, add-ons and volunteers, and news with comments. Set-based SQL driven by
// random() after setseed(), so a run is repeatable.
import type { Queryable } from '../../apps/server/src/database/database';
import { comments, eventTemplates, groupAges, groups, newsTitles, tags } from './demo-vocabulary';

export async function seedTagsAndGroups(tx: Queryable, community: string, clubIds: string[]): Promise<void> {
  await tx.query(`insert into public.tags (community_id, name) select $1, unnest($2::text[])`, [
    community,
    tags,
  ]);
  await tx.query(
    `insert into public.member_tags (community_id, member_id, tag_id)
     select $1, m.id, t.id from public.members m join public.tags t on t.community_id = $1
     where m.community_id = $1 and (
       (t.name = 'Træner' and 'træner' = any (m.roles)) or (t.name = 'Forælder' and 'forælder' = any (m.roles))
       or (t.name = 'Bestyrelse' and 'bestyrelse' = any (m.roles))
       or (t.name = 'Nyt medlem' and m.joined_on > current_date - 90)
       or (t.name not in ('Træner', 'Forælder', 'Bestyrelse', 'Nyt medlem') and random() < 0.04))
     order by m.mid, t.name`,
    [community],
  );
  await tx.query(
    `insert into public.groups (community_id, club_id, title, description, price_ore, payment_frequency, visibility, welcome_email)
     select $1, ($2::uuid[])[g.club + 1], g.title, app_private.html_to_rich_text('Holdet ' || g.title || ' i Søndervang IF.'), g.price,
            g.freq::public.payment_frequency,
            case when g.title in ('Bestyrelsen') then 'invite_only' else 'members' end::public.group_visibility,
            'Velkommen på ' || g.title || '! Vi ses til træning.'
     from unnest($3::text[], $4::int[], $5::int[], $6::text[]) as g(title, club, price, freq)`,
    [
      community,
      clubIds,
      groups.map((g) => g[0]),
      groups.map((g) => g[1]),
      groups.map((g) => g[2]),
      groups.map((g) => g[3]),
    ],
  );
  await tx.query(`update public.groups set archived = true where community_id = $1 and title = 'Old boys'`, [
    community,
  ]);
  // Each member plays on about one team that fits their age (a member with no birth date on
  // any team); joins spread from the member's join date until now.
  await tx.query(
    `with fits as (select a.title, a.low, a.high from unnest($2::text[], $3::int[], $4::int[]) as a(title, low, high))
     insert into public.group_members (community_id, group_id, member_id, payment_status, joined_at, left_at)
     select $1, g.id, m.id, case when g.price_ore > 0 then 'paid' else 'not_required' end,
            m.joined_on + (random() * greatest(coalesce(m.left_on, current_date) - m.joined_on - 1, 0))::int * interval '1 day',
            case when m.left_on is not null then m.left_on::timestamptz + interval '12 hours' end
     from (select id, joined_on, left_on, mid, random() as pick,
                  extract(year from age(current_date, birth_date))::int as age
           from public.members where community_id = $1 and random() < 0.8 order by mid) m
     join lateral (select gr.id, gr.price_ore, count(*) over () as n, row_number() over (order by gr.title) as k
                   from public.groups gr join fits f on f.title = gr.title
                   where gr.community_id = $1 and (m.age is null or m.age between f.low and f.high)) g
       on g.k = 1 + floor(m.pick * g.n)::int
     where m.left_on is null or m.left_on > m.joined_on`,
    [
      community,
      groups.map((g) => g[0]),
      groups.map((g) => groupAges[g[0]]?.[0] ?? 0),
      groups.map((g) => groupAges[g[0]]?.[1] ?? 200),
    ],
  );
  await tx.query(
    `update public.groups g set owner_member_id = (select gm.member_id from public.group_members gm
       join public.members m on m.id = gm.member_id where gm.group_id = g.id order by 'træner' = any (m.roles) desc, m.mid limit 1)
     where g.community_id = $1`,
    [community],
  );
  await tx.query(
    `insert into public.member_certificates (community_id, member_id, kind, status, issued_on, expires_on)
     select $1, id, 'child_certificate', 'approved', current_date - 100, current_date + 265
     from public.members where community_id = $1 and 'træner' = any (roles) order by mid`,
    [community],
  );
}

export async function seedEvents(
  tx: Queryable,
  community: string,
  clubIds: string[],
  eventCount: number,
  memberCount: number,
): Promise<void> {
  // Buyers of one ticket are every stride-th member, so sales scale with the register.
  const buyerStride = Math.max(1, Math.floor(memberCount / 150));
  await tx.query(
    `insert into public.events (community_id, club_id, title, location, description, starts_at, ends_at, status, release_at,
                               visibility, kind)
     select $1, ($2::uuid[])[1 + (n % 4)], t.title, (array['Klubhuset', 'Hal 1', 'Kunstgræsbanen', 'Stadion', 'Padelcentret'])[1 + (n % 5)],
            app_private.html_to_rich_text('<p>Alle er <strong>velkomne</strong>.</p><p>Tilmelding via appen.</p>'), s.at, s.at + t.hours * interval '1 hour',
            case when s.at < now() then 'published' when n % 10 = 0 then 'draft' when n % 10 = 1 then 'scheduled'
                 else 'published' end::public.event_status,
            case when s.at >= now() and n % 10 = 1 then now() + (n % 3 - 1) * interval '2 days' end,
            (array['members', 'members', 'public', 'invite_only', 'members', 'hidden'])[1 + (n % 6)]::public.event_visibility,
            case when n % 7 = 0 then 'external' else 'internal' end::public.event_kind
     from generate_series(1, $3::int) n
     cross join (select time_zone as zone from public.communities where id = $1) c
     -- The day on the community's calendar, then a title that fits its month, at that title's
     -- local hour (so summer and winter time keep the wall clock).
     cross join lateral (select (now() at time zone c.zone)::date - 182 + floor(n * 365.0 / $3)::int as day) d
     cross join lateral (
       select x.title, x.hour, x.hours from (
         select v.title, v.hour, v.hours, row_number() over (order by v.title) - 1 as i, count(*) over () as cnt
         from jsonb_to_recordset($4::jsonb) v(title text, months int[], hour int, hours int)
         where extract(month from d.day)::int = any (v.months)) x
       where x.i = n % x.cnt) t
     cross join lateral (select (d.day + t.hour * interval '1 hour') at time zone c.zone as at) s
     order by n`,
    [community, clubIds, eventCount, JSON.stringify(eventTemplates)],
  );
  await tx.query(
    `update public.events set status = 'cancelled' where community_id = $1 and status = 'published'
       and id in (select id from public.events where community_id = $1 order by starts_at offset 3 limit 3)`,
    [community],
  );
  await tx.query(
    `insert into public.tickets (community_id, event_id, name, participant_limit, join_closes_at, refund_closes_at, price_ore)
     select e.community_id, e.id, k.name, k.cap, e.starts_at - interval '2 hours', e.starts_at - interval '2 days', k.price
     from public.events e
     cross join lateral (values ('Voksen', 40 + (extract(doy from e.starts_at)::int % 5) * 20, 7500),
                                ('Barn', 30, 0)) as k(name, cap, price)
     where e.community_id = $1 and (k.name = 'Voksen' or extract(doy from e.starts_at)::int % 2 = 0)
     order by e.starts_at, k.name`,
    [community],
  );
  const addons = await tx.query<{ id: string }>(
    `insert into public.event_addons (community_id, event_id, name, min_per_person, max_per_person)
     select community_id, id, 'Spisning', 0, 2 from public.events
     where community_id = $1 and extract(doy from starts_at)::int % 5 = 0 order by starts_at returning id`,
    [community],
  );
  await tx.query(
    `insert into public.addon_options (community_id, addon_id, title, price_ore, capacity, hint)
     select $1, a, o.title, o.price, o.cap, o.hint from unnest($2::uuid[]) a
     cross join (values ('Buffet', 12500, 60, 'Inkl. dessert'), ('Børnemenu', 6000, null::int, 'Til børn under 12')) o(title, price, cap, hint)`,
    [community, addons.rows.map((r) => r.id)],
  );
  // Sales: members who have not left buy a ticket for about a third of the capacity or more.
  await tx.query(
    `with pool as (select id, adult, row_number() over (partition by adult order by mid) as k
                   from (select id, mid, coalesce(birth_date <= current_date - interval '18 years', true) as adult
                         from public.members where community_id = $1 and status <> 'left') x),
     size as (select adult, count(*) as n from pool group by adult),
     wanted as (
       -- An adult ticket goes to an adult, a child's ticket to a child.
       select t.community_id, t.event_id, t.id as ticket_id, t.price_ore, e.starts_at, b.k, size.adult
       from public.tickets t join public.events e on e.id = t.event_id
       join size on size.adult = (t.name <> 'Barn')
       cross join lateral (select k from generate_series(1 + (extract(doy from e.starts_at)::int + length(t.name)) % $2,
                                                         size.n, $2) k
                           limit (t.participant_limit * (0.3 + random() * 0.7))::int) b
       where e.community_id = $1 and e.status in ('published', 'cancelled'))
     insert into public.ticket_purchases (community_id, event_id, ticket_id, member_id, quantity, unit_price_ore, total_ore,
                                          purchased_at, checked_in_at)
     select w.community_id, w.event_id, w.ticket_id, p.id, 1, w.price_ore, w.price_ore, w.starts_at - interval '5 days',
            case when w.starts_at < now() and random() < 0.85 then w.starts_at end
     from wanted w join pool p on p.k = w.k and p.adult = w.adult
     order by w.starts_at, w.ticket_id, w.k`,
    [community, buyerStride],
  );
  await tx.query(
    `insert into public.purchase_addons (community_id, purchase_id, option_id, quantity, unit_price_ore)
     select p.community_id, p.id, o.id, 1, o.price_ore
     from public.ticket_purchases p join public.event_addons a on a.event_id = p.event_id
     join public.addon_options o on o.addon_id = a.id and o.title = 'Buffet'
     where p.community_id = $1 and random() < 0.5 order by p.purchased_at, p.member_id
     limit 50000`,
    [community],
  );
  await tx.query(
    `update public.ticket_purchases p set total_ore = p.total_ore + s.extra
     from (select purchase_id, sum(quantity * unit_price_ore) as extra from public.purchase_addons group by purchase_id) s
     where s.purchase_id = p.id and p.community_id = $1`,
    [community],
  );
  const jobs = await tx.query<{ id: string }>(
    `insert into public.volunteer_jobs (community_id, event_id, title, relevant_roles, compensation, slots, requires_child_certificate)
     select e.community_id, e.id, j.title, j.roles, j.comp, j.slots, j.kids
     from public.events e cross join (values ('Kiosk', '{}'::text[], 'Gratis spisning', 4, false),
                                             ('Børnepasning', '{forælder,træner}'::text[], null, 2, true)) j(title, roles, comp, slots, kids)
     where e.community_id = $1 and e.status = 'published' and extract(doy from e.starts_at)::int % 3 = 0
     order by e.starts_at, j.title returning id`,
    [community],
  );
  await tx.query(
    `with pool as materialized (select id, roles, row_number() over (order by mid) as k from public.members
                   where community_id = $1 and status = 'active')
     insert into public.volunteer_signups (community_id, job_id, member_id, checked_in_at, checked_out_at)
     select j.community_id, j.id, v.id, case when e.starts_at < now() then e.starts_at end,
            case when e.starts_at < now() then e.ends_at end
     from public.volunteer_jobs j join public.events e on e.id = j.event_id
     cross join lateral (select p.id from pool p
                         where p.k % 13 = extract(doy from e.starts_at)::int % 13
                           and (cardinality(j.relevant_roles) = 0 or p.roles && j.relevant_roles)
                         order by p.k limit j.slots - 1) v
     where j.id = any($2::uuid[]) order by e.starts_at, j.title`,
    [community, jobs.rows.map((r) => r.id)],
  );
}

export async function seedNews(
  tx: Queryable,
  community: string,
  adminId: string,
  count: number,
): Promise<void> {
  await tx.query(
    `insert into public.news_posts (community_id, title, content, author_id, author_name, status, release_at, visibility,
                                    allow_comments, link_url, created_at)
     select $1, ($3::text[])[1 + (n % cardinality($3::text[]))],
            app_private.html_to_rich_text('Kære medlemmer.' || chr(10) || chr(10) || repeat('Her er nyt fra klubben. ', 3 + n % 5)), $2, 'Klubbens bestyrelse',
            case when n % 12 = 0 then 'draft' when n % 12 = 1 then 'scheduled' else 'published' end::public.event_status,
            case when n % 12 = 1 then now() + interval '3 days' end,
            case when n % 4 = 0 then 'public' else 'members' end::public.news_visibility, n % 5 <> 0,
            case when n % 6 = 0 then 'https://www.dgi.dk/foreningsledelse' end, now() - (n * 4) * interval '1 day'
     from generate_series(1, $4::int) n order by n`,
    [community, adminId, newsTitles, count],
  );
  await tx.query(
    `insert into public.news_comments (community_id, post_id, author_id, member_id, author_name, body, created_at)
     select p.community_id, p.id, m.user_id, m.id, m.full_name, ($2::text[])[1 + (m.mid % cardinality($2::text[]))],
            p.created_at + (m.mid % 48) * interval '1 hour'
     from public.news_posts p
     cross join lateral (select id, user_id, full_name, mid from public.members where community_id = p.community_id
                         and user_id is not null order by random() limit 4) m
     where p.community_id = $1 and p.status = 'published' and p.allow_comments order by p.created_at, m.mid`,
    [community, comments],
  );
}

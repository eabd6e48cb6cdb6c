-- Shapes from supabase-js's own data-service suite that found differences from PostgREST
-- (issue 22): two keys to one table, a view over it, a self-reference, a tsvector column,
-- functions with unnamed parameters and overloads with defaults.
create table rest_test.pals (
  username text primary key,
  catchphrase tsvector
);
create view rest_test.active_pals as select * from rest_test.pals;
create view rest_test.pal_names as select username from rest_test.pals;
create table rest_test.pal_profiles (
  id bigint primary key,
  username text references rest_test.pals
);
create table rest_test.best_friends (
  id bigint primary key,
  first_user text not null references rest_test.pals,
  second_user text not null references rest_test.pals,
  third_wheel text references rest_test.pals
);
create table rest_test.collections (
  id bigint primary key,
  description text,
  parent_id bigint references rest_test.collections (id)
);
create table rest_test.rooms (id bigint primary key, slug text);
create table rest_test.posts (
  id bigint primary key,
  body text,
  username text not null references rest_test.pals,
  room_id bigint not null references rest_test.rooms
);

insert into rest_test.pals values
  ('supabot', 'fat cat'::tsvector), ('kiwicopple', null), ('awailas', null), ('dragarcia', null);
insert into rest_test.pal_profiles values (1, 'supabot'), (2, 'kiwicopple');
insert into rest_test.best_friends values (1, 'supabot', 'kiwicopple', 'awailas'), (2, 'supabot', 'dragarcia', null);
insert into rest_test.collections values (1, 'root', null), (2, 'child a', 1), (3, 'child b', 1), (4, 'grandchild', 2);
insert into rest_test.rooms values (1, 'public'), (2, 'random');
insert into rest_test.posts values (1, 'hello', 'supabot', 1), (2, 'again', 'supabot', 1), (3, 'elsewhere', 'kiwicopple', 2);

create function rest_test.shout(text) returns text language sql immutable as $$ select upper($1) $$;
create function rest_test.unnamed_default() returns int language sql as 'select 1';
create function rest_test.unnamed_default(int default 42) returns int language sql as 'select 2';
create function rest_test.unnamed_default(text default 'x') returns text language sql as $$ select 'text' $$;
create function rest_test.unresolvable() returns void language sql as '';
create function rest_test.unresolvable(a text) returns int language sql as 'select 1';
create function rest_test.unresolvable(a int) returns text language sql as $$ select 'int' $$;
create function rest_test.with_override() returns int language sql as 'select 0';
create function rest_test.with_override(cid bigint, search text default '') returns text language sql as $$ select 'two' $$;
create function rest_test.with_override(pid bigint) returns text language sql as $$ select 'one' $$;

create table rest_test.room_details (id bigint primary key references rest_test.rooms, details text);
insert into rest_test.room_details values (1, 'open to all');

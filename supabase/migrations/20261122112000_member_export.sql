-- Member export (CSV/Excel in the app): member admins get the register; the CPR number is
-- included only for membership managers, and each exported number is audited as 'export'.

create or replace function public.export_members(p_community_id uuid)
returns table (mid bigint, membership_id text, first_name text, last_name text, email text, phone text,
               gender public.gender, birth_date date, street text, postal_code text, city text,
               status public.member_status, joined_on date, left_on date, cpr text)
language plpgsql volatile security definer set search_path = '' as $$
declare v_with_cpr boolean;
begin
  if not app_private.has_area(p_community_id, 'member') then
    perform app_private.fail('not_allowed', 'Exports are for member admins of the community');
  end if;
  v_with_cpr := app_private.is_manager(p_community_id)
                or (coalesce(auth.role(), '') = 'service_role' and nullif(current_setting('app.cpr_key', true), '') is not null);
  if v_with_cpr then
    insert into public.cpr_audit (community_id, member_id, viewer_user_id, action)
    select p_community_id, c.member_id, auth.uid(), 'export' from public.member_cpr c where c.community_id = p_community_id;
  end if;
  return query
  select m.mid, m.membership_id, m.first_name, m.last_name, m.email, m.phone, m.gender, m.birth_date, m.street,
         m.postal_code, m.city, m.status, m.joined_on, m.left_on,
         case when v_with_cpr and c.member_id is not null then
           substr(extensions.pgp_sym_decrypt(c.cpr_encrypted, app_private.cpr_key()), 1, 6) || '-' ||
           substr(extensions.pgp_sym_decrypt(c.cpr_encrypted, app_private.cpr_key()), 7, 4)
         else m.cpr_masked end
  from public.members m left join public.member_cpr c on c.member_id = m.id
  where m.community_id = p_community_id
  order by m.mid;
end
$$;
revoke execute on function public.export_members(uuid) from public, anon;

-- Deleting a club (decision 0923): the club goes, nothing else does. Its members, groups,
-- events, news posts and bookable products stay in the community without a club, as taking
-- them out of the club one by one would leave them. Owners only, like creating and editing
-- clubs; the deletion itself is audited by clubs_audit_deletion.
create or replace function public.delete_club(p_club_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_community uuid;
  v_members integer;
  v_groups integer;
  v_events integer;
  v_posts integer;
  v_products integer;
begin
  select c.community_id into v_community from public.clubs c where c.id = p_club_id for update;
  -- A club of a community the caller is not in is answered as one that does not exist.
  if v_community is null
     or not (app_private.is_trusted() or v_community = any (app_private.member_communities())) then
    perform app_private.fail('club_not_found', 'There is no such club');
  end if;
  if not (app_private.is_trusted() or v_community = any (app_private.owner_communities())) then
    perform app_private.fail('not_allowed', 'Only owners of the community delete clubs');
  end if;
  update public.members set club_id = null where community_id = v_community and club_id = p_club_id;
  get diagnostics v_members = row_count;
  update public.groups set club_id = null where community_id = v_community and club_id = p_club_id;
  get diagnostics v_groups = row_count;
  update public.events set club_id = null where community_id = v_community and club_id = p_club_id;
  get diagnostics v_events = row_count;
  update public.news_posts set club_id = null where community_id = v_community and club_id = p_club_id;
  get diagnostics v_posts = row_count;
  update public.booking_products set club_id = null where community_id = v_community and club_id = p_club_id;
  get diagnostics v_products = row_count;
  delete from public.clubs where id = p_club_id;
  return jsonb_build_object('members', v_members, 'groups', v_groups, 'events', v_events,
                            'news_posts', v_posts, 'booking_products', v_products);
end
$$;
revoke execute on function public.delete_club(uuid) from public, anon;
grant execute on function public.delete_club(uuid) to authenticated, service_role;

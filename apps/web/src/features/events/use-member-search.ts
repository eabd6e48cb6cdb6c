// Members found by name as the administrator types (invitations, adding a participant or a
// volunteer): the text waits 250 ms before it is searched, and two letters are needed.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { searchMembers } from './load-invitees';

export function useMemberSearch(communityId: string, enabled = true) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const searching = enabled && term.trim().length >= 2;
  const found = useQuery({
    queryKey: ['member-search', communityId, term],
    queryFn: () => searchMembers(communityId, term),
    enabled: searching,
  });
  return { text, setText, searching, found };
}

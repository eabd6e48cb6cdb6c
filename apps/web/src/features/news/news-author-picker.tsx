// The editor's author field: a search box over the community's administrators and members
// (news_author_candidates, searched on the server as the writer types) with a list to pick
// from by mouse or keyboard (a WAI-ARIA combobox). The form holds the picked user's id; the
// name shown is the database's byline for them, which the database also sets when saving.
import { newsMessages } from '@club/i18n/namespaces/news';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { FieldShell } from '../../components/form/form';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/class-names';
import { useT } from '../../lib/i18n';
import { supabase } from '../../lib/supabase';
import { useDebounced } from '../../lib/use-debounced';
import { newsKeys } from './news-keys';

export interface NewsAuthorCandidate {
  user_id: string;
  name: string;
  email: string;
  is_admin: boolean;
}

export async function searchNewsAuthors(communityId: string, search: string): Promise<NewsAuthorCandidate[]> {
  const { data, error } = await supabase().rpc('news_author_candidates', {
    p_community_id: communityId,
    p_search: search,
    p_limit: 20,
  });
  if (error) throw error;
  return data ?? [];
}

export function NewsAuthorPicker({ communityId }: { communityId: string }) {
  const t = useT(newsMessages);
  return (
    <FieldShell name="authorId" label={t('editor.fields.author')} help={t('editor.fields.authorHelp')}>
      <AuthorCombobox communityId={communityId} />
    </FieldShell>
  );
}

function AuthorCombobox({
  communityId,
  id,
  ...aria
}: {
  communityId: string;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const t = useT(newsMessages);
  const listId = useId();
  const { setValue } = useFormContext();
  const { field } = useController({ name: 'authorId' });
  const name = useWatch({ name: 'authorName' }) as string;
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const open = text !== null;
  const wanted = open && text !== name ? text.trim() : '';
  const search = useDebounced(wanted, 250);
  // Until the search has caught up with the typing, older results are not offered (Enter
  // would otherwise pick from them).
  const stale = wanted !== search;
  const found = useQuery({
    queryKey: [...newsKeys.authors(communityId), 'candidates', search],
    queryFn: () => searchNewsAuthors(communityId, search),
    enabled: open,
    staleTime: 30_000,
  });
  const options = stale ? [] : (found.data ?? []);

  const pick = (person: NewsAuthorCandidate) => {
    field.onChange(person.user_id);
    setValue('authorName', person.name || person.email, { shouldDirty: true });
    setText(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setText(name);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (options.length ? (i + step + options.length) % options.length : 0));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const person = options[active];
      if (person) pick(person);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setText(null);
    }
  };

  return (
    <div className="relative">
      <Input
        id={id}
        {...aria}
        ref={field.ref}
        name={field.name}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder={t('editor.author.placeholder')}
        value={text ?? name}
        onFocus={(event) => {
          setText(name);
          setActive(0);
          event.currentTarget.select();
        }}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onBlur={() => {
          setText(null);
          field.onBlur();
        }}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('editor.author.results')}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-border bg-surface py-1 text-sm shadow-lg"
        >
          {found.isError ? (
            <li className="px-3 py-2 text-destructive">{t('editor.author.failed')}</li>
          ) : stale || found.isPending ? (
            <li className="px-3 py-2 text-muted-foreground">{t('editor.author.searching')}</li>
          ) : options.length === 0 ? (
            <li className="px-3 py-2 text-muted-foreground">{t('editor.author.none')}</li>
          ) : (
            options.map((person, i) => (
              <li
                key={person.user_id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={person.user_id === field.value}
                className={cn(
                  'flex cursor-pointer flex-wrap items-baseline gap-x-2 px-3 py-2',
                  i === active && 'bg-muted',
                )}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(person)}
              >
                <span className="font-medium text-foreground">{person.name || person.email}</span>
                <span className="text-muted-foreground">{person.email}</span>
                {person.is_admin ? (
                  <span className="text-xs text-muted-foreground">({t('editor.author.admin')})</span>
                ) : null}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}

import { describe, expect, it } from 'vitest';
import { isNarrowed, readListState, writeListState, type ListSpec } from './list-state';

const spec: ListSpec<'status' | 'when'> = {
  sortable: ['name', 'joined_at'],
  defaultSort: { id: 'name', desc: false },
  filters: ['status', 'when'],
  pageSize: 25,
  pageSizes: [25, 50, 100],
};

describe('list state in the address', () => {
  it('round-trips page, sort, search, filters and page size, leaving defaults out', () => {
    const written = writeListState(
      new URLSearchParams('tab=members'),
      { sort: { id: 'joined_at', desc: true }, search: 'sø', filters: { status: 'active' }, pageSize: 50 },
      spec,
    );
    const paged = writeListState(written, { page: 3 }, spec);
    expect(paged.toString()).toBe('tab=members&sort=-joined_at&q=s%C3%B8&status=active&size=50&page=4');
    expect(readListState(paged, spec)).toEqual({
      page: 3,
      pageSize: 50,
      sort: { id: 'joined_at', desc: true },
      search: 'sø',
      filters: { status: 'active', when: '' },
    });
    const back = writeListState(
      paged,
      { sort: { id: 'name', desc: false }, filters: { status: '' }, search: '' },
      spec,
    );
    expect(back.toString()).toBe('tab=members&size=50');
  });

  it('goes back to the first page on any change but paging', () => {
    const onPage3 = new URLSearchParams('page=3&status=active');
    expect(writeListState(onPage3, { filters: { status: 'left' } }, spec).get('page')).toBeNull();
    expect(writeListState(onPage3, { sort: { id: 'joined_at', desc: false } }, spec).get('page')).toBeNull();
  });

  it('ignores what the list does not allow: unknown sort columns, page sizes and page numbers', () => {
    const state = readListState(new URLSearchParams('sort=-password&size=100000&page=-4'), spec);
    expect(state.sort).toEqual({ id: 'name', desc: false });
    expect(state.pageSize).toBe(25);
    expect(state.page).toBe(0);
  });

  it('counts search and filters as narrowing, except the ones named (a tab)', () => {
    const tab = readListState(new URLSearchParams('when=past'), spec);
    expect(isNarrowed(tab, ['when'])).toBe(false);
    expect(isNarrowed(tab)).toBe(true);
    expect(isNarrowed(readListState(new URLSearchParams('q=%20'), spec))).toBe(false);
  });
});

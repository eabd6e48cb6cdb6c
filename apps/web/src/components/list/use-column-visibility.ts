// Which columns of a list are shown, remembered per list in this browser (localStorage), so a
// user who hides a column keeps it hidden on the next visit. Unknown ids in storage are ignored.
import { useCallback, useState } from 'react';

type Visibility = Record<string, boolean>;

function read(key: string | undefined): Visibility {
  if (!key) return {};
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(`list-columns:${key}`) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Visibility) : {};
  } catch {
    return {};
  }
}

export function useColumnVisibility(
  key: string | undefined,
  columns: readonly { id: string; hiddenByDefault?: boolean }[],
): [Visibility, (next: Visibility) => void] {
  const [stored, setStored] = useState<Visibility>(() => read(key));
  const visibility: Visibility = {};
  for (const column of columns) visibility[column.id] = stored[column.id] ?? !column.hiddenByDefault;
  const update = useCallback(
    (next: Visibility) => {
      setStored(next);
      if (key) {
        try {
          localStorage.setItem(`list-columns:${key}`, JSON.stringify(next));
        } catch {
          // Storage full or refused: the choice lasts for this visit only.
        }
      }
    },
    [key],
  );
  return [visibility, update];
}

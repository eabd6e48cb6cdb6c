import { shellMessages } from '@club/i18n/namespaces/shell';
import { LogOut, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { displayName, useSession } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';

export function UserMenu() {
  const t = useT(shellMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { session } = useSession();
  const name = displayName(session);
  const initials = name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full">
          <span className="sr-only">{t('topBar.userMenu')}</span>
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-accent-soft text-xs font-semibold text-accent-soft-foreground"
          >
            {initials || <UserRound className="size-4" />}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block text-sm font-medium text-foreground">{name}</span>
          <span className="block truncate">{session?.user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate(localePath(language, 'profile'))}>
          <UserRound aria-hidden="true" />
          {t('topBar.profile')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          {t('topBar.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
